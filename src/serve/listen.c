/* The server's listening socket, opened here rather than by libmicrohttpd so that a port in
 * use is told apart from other failures. SO_REUSEADDR only (a restart binds at once despite
 * the last run's closing connections); never SO_REUSEPORT, with which a second server on the
 * same port started and the kernel split the connections between the two. */
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "serve/serve.h"

int serve_listen(const struct sockaddr *addr, char *why, size_t why_size) {
    int fd = socket(addr->sa_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
        snprintf(why, why_size, "cannot open a socket (%s)", strerror(errno));
        return -1;
    }
    int on = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (addr->sa_family == AF_INET6) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
    socklen_t len = addr->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
    if (bind(fd, addr, len) != 0) {
        int e = errno;
        if (e == EADDRINUSE)
            snprintf(why, why_size, "the port is in use (another gameopt serve, or another program, listens there); "
                                    "choose another with --port, or --port 0 for a free one");
        else if (e == EADDRNOTAVAIL)
            snprintf(why, why_size, "not an address of this machine");
        else if (e == EACCES)
            snprintf(why, why_size, "not allowed (ports under 1024 need privileges)");
        else
            snprintf(why, why_size, "%s", strerror(e));
        close(fd);
        return -1;
    }
    if (listen(fd, SOMAXCONN) != 0) {
        snprintf(why, why_size, "cannot listen (%s)", strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}
