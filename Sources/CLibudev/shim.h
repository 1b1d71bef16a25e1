// The only C that Swift sees of libudev: device enumeration and the monitor
// that reports input devices appearing and disappearing (GripperEvdev's UdevMonitor).
#ifndef GRIPPER_CLIBUDEV_SHIM_H
#define GRIPPER_CLIBUDEV_SHIM_H
#include <libudev.h>
#endif
