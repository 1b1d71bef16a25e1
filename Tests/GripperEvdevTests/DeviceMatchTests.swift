import GripperEvdev
import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// What a `DeviceMatch` takes: kind, name glob, path glob, all at once.
@Suite struct DeviceMatchTests {
    let screen = TestDevices.probeTouchscreen
    let mouse = TestDevices.probeMouse

    @Test func emptyMatchTakesAnyDevice() {
        #expect(DeviceMatch().matches(node: "/dev/input/event3", device: mouse))
        #expect(DeviceMatch().description == "device")
    }

    @Test func kind() {
        let match = DeviceMatch(kind: .touchscreen)
        #expect(match.matches(node: "/dev/input/event20", device: screen))
        #expect(!match.matches(node: "/dev/input/event3", device: mouse))
    }

    @Test func nameGlobMatchesTheWholeName() {
        #expect(DeviceMatch(name: "Probe*").matches(node: "/dev/input/event3", device: mouse))
        #expect(DeviceMatch(name: "Probe ?ouse").matches(node: "/dev/input/event3", device: mouse))
        #expect(DeviceMatch(name: "*[Tt]ouchscreen").matches(node: "/dev/input/event3", device: screen))
        #expect(!DeviceMatch(name: "Probe").matches(node: "/dev/input/event3", device: mouse))
        #expect(!DeviceMatch(name: "ELAN*").matches(node: "/dev/input/event3", device: screen))
    }

    @Test func pathGlob() {
        let match = DeviceMatch(path: "/dev/input/event2?")
        #expect(match.matches(node: "/dev/input/event20", device: screen))
        #expect(!match.matches(node: "/dev/input/event3", device: screen))
        #expect(!match.matches(node: "/dev/input/event200", device: screen))
    }

    @Test func everyCriterionMustHold() {
        let match = DeviceMatch(kind: .touchscreen, name: "Probe*", path: "/dev/input/*")
        #expect(match.matches(node: "/dev/input/event20", device: screen))
        #expect(!match.matches(node: "/dev/input/event20", device: mouse))
        #expect(!match.matches(node: "/tmp/event20", device: screen))
        #expect(match.description == "touchscreen named \"Probe*\" at \"/dev/input/*\"")
    }
}
