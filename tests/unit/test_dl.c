/* Heavy libraries opened on first use (core/dl.h): a missing library or symbol gives one clear
 * line naming what needs it and the package to install, and is not retried; the real tables
 * of igraph, cairo and CBC bind. */
#include <string.h>

#include "core/dl.h"
#include "core/igraph_dl.h"
#include "engines/cbc_dl.h"
#include "render/cairo_dl.h"
#include "test_support.h"

static int binds;

static bool bind_nothing(gopt_dl *lib) {
    (void)lib;
    binds++;
    return true;
}

static bool bind_missing_symbol(gopt_dl *lib) { return gopt_dl_symbol(lib, "gopt_no_such_symbol") != NULL; }

static void a_missing_library_is_one_clear_line(void **state) {
    (void)state;
    static gopt_dl lib = GOPT_DL_INIT("libgameopt-no-such-library.so.7", "pictures", "libnosuch7", bind_nothing);
    binds = 0;
    gopt_error err = {0};
    assert_false(gopt_dl_load(&lib, "x.svg", &err));
    assert_true(err.set);
    char text[1024];
    gopt_error_text(&err, text, sizeof text);
    assert_non_null(strstr(text, "x.svg: pictures: cannot load libgameopt-no-such-library.so.7 (Debian package libnosuch7): "));
    assert_non_null(strstr(text, "cannot open shared object file"));
    assert_null(strchr(text, '\n'));
    /* Not retried: the same answer, and bind never ran. */
    gopt_error again = {0};
    assert_false(gopt_dl_load(&lib, NULL, &again));
    assert_string_equal(again.msg, err.msg);
    assert_int_equal(binds, 0);
    assert_string_equal(gopt_dl_message(&lib), err.msg);
}

static void a_missing_symbol_names_it(void **state) {
    (void)state;
    static gopt_dl lib = GOPT_DL_INIT("libc.so.6", "tests", "libc6", bind_missing_symbol);
    gopt_error err = {0};
    assert_false(gopt_dl_load(&lib, NULL, &err));
    assert_string_equal(err.msg, "tests: cannot load libc.so.6 (Debian package libc6): symbol gopt_no_such_symbol is "
                                 "missing (a different version of the library?)");
}

static void a_library_binds_once(void **state) {
    (void)state;
    static gopt_dl lib = GOPT_DL_INIT("libc.so.6", "tests", "libc6", bind_nothing);
    binds = 0;
    assert_true(gopt_dl_load(&lib, NULL, NULL));
    assert_true(gopt_dl_load(&lib, NULL, NULL));
    assert_int_equal(binds, 1);
    assert_string_equal(gopt_dl_message(&lib), "");
}

static void the_real_tables_bind(void **state) {
    (void)state;
    gopt_error err = {0};
    assert_true(gopt_igraph_load(NULL, &err));
    assert_true(gopt_cairo_load(NULL, &err));
    assert_true(gopt_cbc_load(NULL, &err));
    assert_false(err.set);
    assert_string_equal(cairo_status_to_string(CAIRO_STATUS_SUCCESS), "no error has occurred");
    assert_int_equal(igraph_vcount(&(igraph_t){.n = 3}), 3);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_missing_library_is_one_clear_line),
        cmocka_unit_test(a_missing_symbol_names_it),
        cmocka_unit_test(a_library_binds_once),
        cmocka_unit_test(the_real_tables_bind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
