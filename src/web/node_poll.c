/* The command line under Node (gameopt-node.js): poll. front/files.c polls before each read
 * so a FIFO with no writer does not hold the native process; under NODERAWFS the streams have
 * no poll operation and Emscripten's poll throws ("reading 'poll'"). Here every read is a
 * blocking fs.readSync, so every descriptor asked about is ready for what it is asked. */
#include <poll.h>

int poll(struct pollfd *fds, nfds_t n, int timeout) {
    (void)timeout;
    int ready = 0;
    for (nfds_t i = 0; i < n; i++) {
        fds[i].revents = fds[i].fd >= 0 ? (short)(fds[i].events & (POLLIN | POLLOUT)) : 0;
        ready += fds[i].revents != 0;
    }
    return ready;
}
