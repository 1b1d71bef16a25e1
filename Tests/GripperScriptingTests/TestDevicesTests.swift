import Testing
import GripperInput
import GripperScripting
import GripperTesting

@Suite struct TestDevicesTests {
    @Test func theProbeDevicesAreTheOnesTheToolsDescribed() throws {
        let touchscreen = try Recordings.evemu("tool-output/touchscreen.evemu-describe.txt").device
        #expect(TestDevices.probeTouchscreen == touchscreen)
        let mouse = try Recordings.evemu("tool-output/mouse.evemu-describe.txt").device
        #expect(TestDevices.probeMouse == mouse)
        #expect(TestDevices.probeTouchscreen.kind == .touchscreen)
        #expect(TestDevices.probeMouse.kind == .mouse)
    }
}
