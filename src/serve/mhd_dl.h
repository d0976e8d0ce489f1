/* libmicrohttpd, opened by `gameopt serve` only (core/dl.h says why): it brings GnuTLS,
 * nettle, p11-kit, libidn2 and more, about 1.2 ms of loading that no puzzle command should
 * pay. server.c includes this header after <microhttpd.h>; the functions it calls must be in
 * the list below, or the executable does not link (it does not link libmicrohttpd). */
#ifndef GAMEOPT_SERVE_MHD_DL_H
#define GAMEOPT_SERVE_MHD_DL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

#include "gameopt/error.h"

#define GOPT_MHD_FUNCTIONS(X) \
    X(MHD_add_response_header) \
    X(MHD_create_response_from_buffer) \
    X(MHD_destroy_response) \
    X(MHD_get_connection_info) \
    X(MHD_get_daemon_info) \
    X(MHD_lookup_connection_value) \
    X(MHD_queue_response) \
    X(MHD_quiesce_daemon) \
    X(MHD_resume_connection) \
    X(MHD_start_daemon) \
    X(MHD_stop_daemon) \
    X(MHD_suspend_connection)

struct gopt_mhd_api {
#define GOPT_DL_SLOT(f) __typeof__(f) *p_##f;
    GOPT_MHD_FUNCTIONS(GOPT_DL_SLOT)
#undef GOPT_DL_SLOT
};
extern struct gopt_mhd_api gopt_mhd;

/* Loads libmicrohttpd once; false with err set (about `file`, may be NULL) when it cannot. */
bool gopt_mhd_load(const char *file, gopt_error *err);

/* From here on, a call such as f(x) in this file goes through the table. */
#define MHD_add_response_header         (*gopt_mhd.p_MHD_add_response_header)
#define MHD_create_response_from_buffer (*gopt_mhd.p_MHD_create_response_from_buffer)
#define MHD_destroy_response            (*gopt_mhd.p_MHD_destroy_response)
#define MHD_get_connection_info         (*gopt_mhd.p_MHD_get_connection_info)
#define MHD_get_daemon_info             (*gopt_mhd.p_MHD_get_daemon_info)
#define MHD_lookup_connection_value     (*gopt_mhd.p_MHD_lookup_connection_value)
#define MHD_queue_response              (*gopt_mhd.p_MHD_queue_response)
#define MHD_quiesce_daemon              (*gopt_mhd.p_MHD_quiesce_daemon)
#define MHD_resume_connection           (*gopt_mhd.p_MHD_resume_connection)
#define MHD_start_daemon                (*gopt_mhd.p_MHD_start_daemon)
#define MHD_stop_daemon                 (*gopt_mhd.p_MHD_stop_daemon)
#define MHD_suspend_connection          (*gopt_mhd.p_MHD_suspend_connection)

#endif
