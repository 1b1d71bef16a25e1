// libgripper.so.0 (product `gripper-c`) is this target: the C face
// (GripperCFace, the Swift implementations behind gripper.h) and CGripper
// (the exported C functions) linked into one shared object with the Swift
// runtime, exporting the gripper_* functions alone (libgripper.map). The
// linker flags that make it so live here, on a target only the shared
// library links: the fuzzers and tests link GripperCFace without them.
@_exported import GripperCFace
