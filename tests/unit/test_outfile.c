/* Output files appear whole or not at all (issue 16 items 8, 9, 10). */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "test_support.h"

/* The number of entries in dir other than . and .. */
static int entries(const char *dir) {
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void commit_renames_and_abort_leaves_nothing(void **state) {
    (void)state;
    char dir[64], path[96];
    snprintf(dir, sizeof dir, "/tmp/gameopt-outfile-%d", (int)getpid());
    assert_int_equal(mkdir(dir, 0700), 0);
    snprintf(path, sizeof path, "%s/result.txt", dir);
    gopt_outfile o;
    gopt_error err = {0};
    assert_true(gopt_outfile_open(&o, path, &err));
    fputs("half", o.f);
    assert_int_equal(access(path, F_OK), -1); /* nothing at the name while writing */
    gopt_outfile_abort(&o);
    assert_int_equal(entries(dir), 0); /* and nothing after an abort */

    assert_true(gopt_outfile_open(&o, path, &err));
    fputs("whole\n", o.f);
    assert_true(gopt_outfile_commit(&o, &err));
    char *text = test_read_file(path, NULL);
    assert_string_equal(text, "whole\n");
    free(text);
    assert_int_equal(entries(dir), 1);

    /* a path to fill (cairo): begin, write there, commit */
    assert_true(gopt_outfile_begin(&o, path, &err));
    assert_null(o.f);
    FILE *f = fopen(o.temp, "w");
    fputs("again\n", f);
    fclose(f);
    assert_true(gopt_outfile_commit(&o, &err));
    text = test_read_file(path, NULL);
    assert_string_equal(text, "again\n");
    free(text);

    /* a directory, or a place that takes no files, fails at once with the reason */
    assert_false(gopt_outfile_check(dir, &err));
    assert_string_equal(err.msg, "cannot write: it is a directory");
    gopt_error_clear(&err);
    assert_false(gopt_outfile_open(&o, "/nonexistent-dir/x.svg", &err));
    assert_string_equal(err.file, "/nonexistent-dir/x.svg");
    assert_string_equal(err.msg, "cannot write: No such file or directory");
    gopt_error_clear(&err);
    assert_true(gopt_outfile_check(path, &err));
    assert_int_equal(entries(dir), 1); /* a check writes nothing */
    unlink(path);
    rmdir(dir);
}

/* --output through a symbolic link writes the file it points to and leaves the link a link
 * (issue 37 item 6: the rename replaced the link with a plain file); a link to nowhere is
 * refused with nothing written. */
static void a_link_is_written_through(void **state) {
    (void)state;
    char dir[64], real[96], link[96], dangling[96];
    snprintf(dir, sizeof dir, "/tmp/gameopt-outlink-%d", (int)getpid());
    assert_int_equal(mkdir(dir, 0700), 0);
    snprintf(real, sizeof real, "%s/real.svg", dir);
    snprintf(link, sizeof link, "%s/link.svg", dir);
    snprintf(dangling, sizeof dangling, "%s/dangling.svg", dir);
    FILE *f = fopen(real, "w");
    fputs("old\n", f);
    fclose(f);
    assert_int_equal(symlink("real.svg", link), 0);
    assert_int_equal(symlink("missing/none.svg", dangling), 0);
    gopt_outfile o;
    gopt_error err = {0};
    assert_true(gopt_outfile_open(&o, link, &err));
    fputs("new\n", o.f);
    assert_true(gopt_outfile_commit(&o, &err));
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    char *text = test_read_file(real, NULL);
    assert_string_equal(text, "new\n");
    free(text);
    assert_false(gopt_outfile_open(&o, dangling, &err));
    assert_string_equal(err.file, dangling);
    gopt_error_clear(&err);
    assert_int_equal(entries(dir), 3); /* no temporary left anywhere */
    unlink(link), unlink(dangling), unlink(real);
    rmdir(dir);
}

/* Issue 37 item 6: a device or a pipe is written in place, never replaced by a plain file (as
 * root, --output /dev/null put a regular file where /dev/null was); a pipe nobody reads is
 * refused at once; a full device is one error. The devices are made here (mknod, as root:
 * CI), never the machine's own; without root that part is left out. */
static void devices_and_pipes_are_written_in_place(void **state) {
    (void)state;
    char dir[64], fifo[96], null[96], full[96];
    snprintf(dir, sizeof dir, "/tmp/gameopt-outdev-%d", (int)getpid());
    assert_int_equal(mkdir(dir, 0700), 0);
    snprintf(fifo, sizeof fifo, "%s/pipe.txt", dir);
    snprintf(null, sizeof null, "%s/null.svg", dir);
    snprintf(full, sizeof full, "%s/full.txt", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    gopt_outfile o;
    gopt_error err = {0};
    struct stat st;
    /* no reader: refused at once, the pipe left a pipe */
    assert_false(gopt_outfile_open(&o, fifo, &err));
    assert_string_equal(err.msg, "cannot write: a pipe that no process reads");
    gopt_error_clear(&err);
    /* a reader: the bytes go down the pipe */
    int reader = open(fifo, O_RDONLY | O_NONBLOCK);
    assert_true(reader >= 0);
    assert_true(gopt_outfile_check(fifo, &err));
    assert_true(gopt_outfile_open(&o, fifo, &err));
    fputs("piped\n", o.f);
    assert_true(gopt_outfile_commit(&o, &err));
    char got[16] = {0};
    assert_int_equal(read(reader, got, sizeof got - 1), 6);
    assert_string_equal(got, "piped\n");
    close(reader);
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    if (mknod(null, S_IFCHR | 0666, makedev(1, 3)) == 0 && mknod(full, S_IFCHR | 0666, makedev(1, 7)) == 0) {
        assert_true(gopt_outfile_check(null, &err));
        assert_true(gopt_outfile_open(&o, null, &err));
        fputs("<svg/>\n", o.f);
        assert_true(gopt_outfile_commit(&o, &err));
        assert_int_equal(lstat(null, &st), 0);
        assert_true(S_ISCHR(st.st_mode));
        assert_true(gopt_outfile_open(&o, full, &err));
        for (int i = 0; i < 10000; i++) fputs("a line of results that will not fit\n", o.f);
        assert_false(gopt_outfile_commit(&o, &err));
        assert_string_equal(err.msg, "cannot write: No space left on device");
        gopt_error_clear(&err);
        assert_int_equal(lstat(full, &st), 0);
        assert_true(S_ISCHR(st.st_mode));
        unlink(null), unlink(full);
    } else {
        unlink(null);
    }
    assert_int_equal(entries(dir), 1); /* no temporary anywhere */
    unlink(fifo);
    rmdir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(commit_renames_and_abort_leaves_nothing),
        cmocka_unit_test(a_link_is_written_through),
        cmocka_unit_test(devices_and_pipes_are_written_in_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
