/* Output files appear whole or not at all (issue 16 items 8, 9, 10). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(commit_renames_and_abort_leaves_nothing),
        cmocka_unit_test(a_link_is_written_through),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
