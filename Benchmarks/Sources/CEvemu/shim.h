// libevemu's own parser, for comparing Gripper's evemu reader against it.
#include <stdio.h>
#include <linux/input.h>
#include <evemu.h>
