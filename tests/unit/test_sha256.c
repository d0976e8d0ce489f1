/* SHA-256 for the manifest's input checksums: FIPS 180-4's "abc" and digests from Python's
 * hashlib at the padding's edges (55, 56, 63, 64, 119, 120 bytes). */
#include <string.h>

#include "core/sha256.h"
#include "test_support.h"

static void digests(void **state) {
    (void)state;
    static const struct {
        size_t n;
        const char *hex;
    } cases[] = {
        {0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {3, "ce562c676ea7aba9812f54db146b0096011bf3e423edfb0a6f8fb2b02674a801"},
        {55, "16fa57a0a3423a715d594516339f36189d6b5f93754a9714fef202616a9fabfe"},
        {56, "c37b44e5f1b18554b36966f4f8e08bfbf3164c4b6c10374d12d89850892073c5"},
        {63, "bbba992d2c85af960fb2987a1fd05e0aa82a3db3c740dd8982a9e273b75e36a3"},
        {64, "66bd4633ed6f71c4ecfa4763bf7ba1c8ec7612de9aa6c0578a7b675207c71e0b"},
        {119, "a3ed307b730fa77c07531300c6e4a282330011d4d4caf6bb7b63ae05950f4b66"},
        {120, "8e3b15d9fea7472655aa069620b7f8c2e55ee1499f763200a7515fe826e99d20"},
        {1000, "095ecb62e30793ab4b954cd6a0586d0cc91f7ea5b1332694d8da780e98676d78"},
    };
    unsigned char data[1000];
    for (size_t i = 0; i < sizeof data; i++) data[i] = (unsigned char)((i * 7 + 1) % 256); /* as the Python side */
    char hex[65];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        gopt_sha256_hex(data, cases[k].n, hex);
        assert_string_equal(hex, cases[k].hex);
    }
    gopt_sha256_hex("abc", 3, hex);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(digests)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
