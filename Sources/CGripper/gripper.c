/* The parts of libgripper written in C: the status names. Everything else
 * is Swift (Sources/GripperC), exported with @_cdecl under the names and
 * types gripper.h declares. */
#include "gripper.h"

const char *gripper_status_name(int status) {
    switch (status) {
    case GRIPPER_OK: return "GRIPPER_OK";
    case GRIPPER_ERROR_NULL: return "GRIPPER_ERROR_NULL";
    case GRIPPER_ERROR_STRUCT_SIZE: return "GRIPPER_ERROR_STRUCT_SIZE";
    case GRIPPER_ERROR_INVALID: return "GRIPPER_ERROR_INVALID";
    case GRIPPER_ERROR_UTF8: return "GRIPPER_ERROR_UTF8";
    case GRIPPER_ERROR_DATA_SOURCE: return "GRIPPER_ERROR_DATA_SOURCE";
    case GRIPPER_ERROR_LAYOUT: return "GRIPPER_ERROR_LAYOUT";
    case GRIPPER_ERROR_BATCH: return "GRIPPER_ERROR_BATCH";
    case GRIPPER_ERROR_TIME_ORDER: return "GRIPPER_ERROR_TIME_ORDER";
    case GRIPPER_ERROR_REENTRANT: return "GRIPPER_ERROR_REENTRANT";
    case GRIPPER_ERROR_BUFFER: return "GRIPPER_ERROR_BUFFER";
    case GRIPPER_ERROR_NOT_FOUND: return "GRIPPER_ERROR_NOT_FOUND";
    case GRIPPER_ERROR_IO: return "GRIPPER_ERROR_IO";
    case GRIPPER_ERROR_FINISHED: return "GRIPPER_ERROR_FINISHED";
    default: return "unknown status";
    }
}
