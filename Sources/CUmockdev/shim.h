// libumockdev's testbed API, for the test harness that removes an emulated
// device while it is being read (GripperEvdevHarness). Not used by Gripper itself.
#ifndef GRIPPER_CUMOCKDEV_SHIM_H
#define GRIPPER_CUMOCKDEV_SHIM_H
#include <umockdev.h>
#endif
