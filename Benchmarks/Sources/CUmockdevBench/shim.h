// libumockdev's testbed API, for evdev-bench's latency run (events written
// with live time stamps and read back at once).
#ifndef GRIPPER_BENCH_CUMOCKDEV_SHIM_H
#define GRIPPER_BENCH_CUMOCKDEV_SHIM_H
#include <umockdev.h>
#include <linux/input.h>
#endif
