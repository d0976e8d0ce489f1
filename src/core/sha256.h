/* SHA-256 of a buffer (sha256.c). */
#ifndef GAMEOPT_CORE_SHA256_H
#define GAMEOPT_CORE_SHA256_H

#include <stddef.h>

/* The digest as 64 lower-case hex digits and a NUL. */
void gopt_sha256_hex(const void *data, size_t len, char hex[65]);

#endif
