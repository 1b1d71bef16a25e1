// The only C that Swift sees of libevdev: the library header and the kernel's
// input structures and codes it relies on; and ppoll.
#ifndef GRIPPER_CLIBEVDEV_SHIM_H
#define GRIPPER_CLIBEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <poll.h>
#include <signal.h>
#include <time.h>
// ppoll (glibc declares it only under _GNU_SOURCE): a wait with a
// nanosecond timeout, for deadlines that must not come a millisecond late.
extern int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);
#endif
