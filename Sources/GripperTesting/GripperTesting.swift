// GripperTesting: trace builder, manual clock, device emulation fixtures.
import Gripper
import GripperInput
