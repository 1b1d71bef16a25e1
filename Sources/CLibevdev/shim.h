// The only C that Swift sees of libevdev: the library header and the kernel's
// input structures and codes it relies on.
#ifndef GRIPPER_CLIBEVDEV_SHIM_H
#define GRIPPER_CLIBEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <linux/input.h>
#endif
