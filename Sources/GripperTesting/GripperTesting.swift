// GripperTesting: test support — the trace builder and test devices, the scenario library,
// replay cases on disk and assertReplay, a manual clock, umockdev fixtures, the seeded
// generator and the fuzz targets' drivers (see GripperTesting.docc).
import Gripper
import GripperInput
