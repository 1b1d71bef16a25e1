import Gripper
import GripperEvdev
import GripperInput
import GripperScene
import GripperScripting
import GripperTesting
import Testing

/// A live session on several sources, in process: sources that hand out
/// scripted frames (no device, no clock of their own) show the merge order,
/// which device each step came from, that keys reach the engine's key route
/// in order with the pointer frames, and that the loss of one source leaves
/// the other going on.
@Suite struct MergedSourcesTests {
    /// A source with its frames all at hand; its clock stands still.
    final class Scripted: LiveInputSource {
        let path: String
        let device: DeviceDescription
        var events: [EvdevReader.Event]
        var closed = false
        let now = EventTime(microseconds: 100_000_000)

        init(_ path: String, _ device: DeviceDescription, _ events: [EvdevReader.Event]) {
            self.path = path
            self.device = device
            self.events = events
        }

        func next(until deadline: EventTime?, wakingOn wakeFD: Int32?) throws(EvdevError) -> EvdevReader.Event? {
            if closed { return nil }
            return events.isEmpty ? .deadlineReached : events.removeFirst()
        }

        func close() { closed = true }
    }

    static let scene = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"separator":1},
     "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"},{"id":"d"},{"id":"e"},{"id":"f"},{"id":"g"}]}]}
    """

    static func touchDrag() -> [EventFrame] {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5)
        b.drag(from: .fraction(0.5, 0.135), to: .fraction(0.5, 0.40))
        return b.frames
    }

    static func key(_ code: UInt16, _ value: Int32, ms: Int64) -> EventFrame {
        EventFrame(time: .milliseconds(ms), events: [RawEvent(time: .milliseconds(ms), type: EventType.key, code: code, value: value)])
    }

    @Test func framesComeInStampOrderAndKeysInOrderWithThem() throws {
        let touch = Self.touchDrag()
        let keys = [Self.key(42, 1, ms: 200), Self.key(42, 2, ms: 700), Self.key(42, 0, ms: 1300)]
        let session = try LiveSession(readers: [Scripted("ts", TestDevices.probeTouchscreen, touch.map { .frame($0) }),
                                                Scripted("kbd", TestDevices.probeKeyboard, keys.map { .frame($0) })],
                                      scene: Scene.decode(Self.scene), recordingTranscript: true)
        var order: [DeviceFrame] = []
        var keysSeen: [Int] = []
        while true {
            guard case .frame(let frame) = try session.step(until: session.now) else { break }
            order.append(DeviceFrame(frame, from: session.lastSource))
            keysSeen.append(session.engine.keysRouted)
        }
        #expect(order == DeviceFrame.merged([touch, keys]))
        // The key count steps up exactly at the keyboard's frames.
        var expected: [Int] = []
        var count = 0
        for f in order {
            if f.device.index == 1 { count += 1 }
            expected.append(count)
        }
        #expect(keysSeen == expected && count == 3)
        session.finish()
        #expect(session.engine.model.sections[0].items.map(\.rawValue) == ["a", "c", "d", "e", "b", "f", "g"])
    }

    @Test func losingOneSourceLeavesTheOtherGoingOn() throws {
        let touch = Self.touchDrag()
        // The mouse moves while the finger holds the item, then goes away.
        let nudge = EventFrame(time: .milliseconds(1100),
                               events: [RawEvent(time: .milliseconds(1100), type: EventType.rel, code: RelCode.x, value: 3)])
        let session = try LiveSession(readers: [Scripted("ts", TestDevices.probeTouchscreen, touch.map { .frame($0) }),
                                                Scripted("mouse", TestDevices.probeMouse, [.frame(nudge), .deviceLost])],
                                      scene: Scene.decode(Self.scene), keepingFrames: true, recordingTranscript: true)
        var steps: [String] = []
        while true {
            let step = try session.step(until: session.now)
            if case .frame = step { steps.append("frame \(session.lastSource.index)"); continue }
            if case .deviceLost = step { steps.append("lost \(session.lastSource.index)"); continue }
            break
        }
        // The mouse's frame in its time order, its loss handed over at once after it.
        let i = try #require(steps.firstIndex(of: "frame 1"))
        #expect(steps[i + 1] == "lost 1")
        #expect(steps.count == touch.count + 2 && steps.filter { $0 == "frame 0" }.count == touch.count)
        #expect(touch[i - 1].time <= nudge.time && touch[i].time >= nudge.time)
        #expect(!session.isDeviceLost)
        #expect(session.losses.map(\.device) == [InputDeviceID(index: 1)])
        session.finish()
        let text = session.engine.transcript.text
        #expect(text.contains("deviceLost") && !text.contains("dragCancelled"), "\(text)")
        #expect(session.engine.model.sections[0].items.map(\.rawValue) == ["a", "c", "d", "e", "b", "f", "g"])
    }
}
