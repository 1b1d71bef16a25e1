// GripperTesting: test support, linked by the tests, Fuzz/ and Benchmarks/ only — a manual clock, the paths
// of Recordings/ and the executables a build made, a child process with a timeout, the shared test helpers
// and the fuzz targets' drivers (see GripperTesting.docc). Scripted input (TraceBuilder, the scenario library)
// is GripperScripting's; replay cases on disk and assertReplay are GripperReplayCases'.
import Gripper
import GripperInput
