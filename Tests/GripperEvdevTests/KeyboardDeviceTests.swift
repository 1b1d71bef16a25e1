import Foundation
import GripperInput
import GripperScripting
import GripperTesting
import Testing
import GripperTraces

/// A keyboard on an emulated device: `gripper devices` lists it as a
/// keyboard, and `gripper record --device keyboard` finds it by kind and
/// records its key presses, autorepeats and releases, which read back
/// unchanged.
@Suite(.serialized) struct KeyboardDeviceTests {
    @Test func devicesListsAKeyboardAndRecordRecordsItsKeys() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = SeveralDevicesLiveTests.shiftFrames(at: .zero)
        let keyboard = try Emulation.write(UmockdevFixture(device: TestDevices.probeKeyboard, eventNumber: 7),
                                           script: UmockdevEventScript.text(frames: frames, lead: .milliseconds(300)),
                                           name: "kbd", in: dir)
        let listed = try Emulation.umockdevRun([keyboard], [Emulation.gripper, "devices"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.lines.count == 1 && listed.lines.first?.hasPrefix("/dev/input/event7\tkeyboard\t") == true
                && listed.lines.first?.hasSuffix("\tProbe Keyboard") == true, "\(listed.stdout)")

        let file = dir.appendingPathComponent("keys.evemu")
        let out = try Emulation.umockdevRun([keyboard], [Emulation.gripper, "record", "--device", "keyboard",
                                                         "-o", file.path, "--duration", "1.5"])
        #expect(out.status == 0, "\(out.stderr)")
        let back = try EvemuFormat.read(String(decoding: try Data(contentsOf: file), as: UTF8.self), fileName: file.path)
        #expect(back.device.kind == .keyboard)
        let keys = back.events.filter { $0.type == EventType.key }.map { "\($0.code):\($0.value)" }
        #expect(keys == ["42:1", "42:2", "42:0"], "\(back.events)")
    }
}
