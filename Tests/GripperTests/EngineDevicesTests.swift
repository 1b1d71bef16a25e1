import Testing
@testable import Gripper
import GripperInput
import GripperScene
import GripperScripting
import GripperTesting
@_spi(Benchmarks) import Gripper

/// Several input devices on one engine: one tracker and viewport each, one
/// pointer gesture at a time, the loss of one cancelling only its own.
@Suite struct EngineDevicesTests {
    static let scene = """
    {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"separator":1},
     "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"},{"id":"d"},{"id":"e"},{"id":"f"},{"id":"g"}]}]}
    """

    /// A long-press drag of the second row to the fifth on the touchscreen.
    static func touchDrag(start: EventTime = .zero) -> [EventFrame] {
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 5,
                             configuration: .init(start: start))
        b.drag(from: .fraction(0.5, 0.135), to: .fraction(0.5, 0.40))
        return b.frames
    }

    /// A click (or a press held `duration`) at a fraction of the mouse area,
    /// starting at `start`.
    static func mouseClick(at y: Double, start: EventTime, duration: Duration = .milliseconds(70)) -> [EventFrame] {
        var b = TraceBuilder(device: TestDevices.probeMouse, seed: 9, configuration: .init(start: start))
        b.movePointer(to: .fraction(0.2, y), duration: .milliseconds(50))
        b.tap(at: .fraction(0.2, y), duration: duration)
        return b.frames
    }

    static func engine(_ devices: [DeviceDescription]) throws -> Engine {
        var engine = try Engine(scene: Scene.decode(scene), device: devices[0], recordingTranscript: true)
        for d in devices.dropFirst() { _ = engine.attach(d) }
        return engine
    }

    static func run(_ engine: Engine, _ frames: [DeviceFrame]) -> Engine {
        var engine = engine
        for f in frames { engine.handle(f.frame, from: f.device) }
        engine.finish()
        return engine
    }

    static func items(_ engine: Engine) -> [String] {
        engine.model.sections[0].items.map(\.rawValue)
    }

    @Test func aSingleDeviceEngineIsUnchangedByTheDeviceAPI() throws {
        let frames = Self.touchDrag()
        var plain = try Self.engine([TestDevices.probeTouchscreen])
        for f in frames { plain.handle(f) }
        plain.finish()
        let tagged = Self.run(try Self.engine([TestDevices.probeTouchscreen]), frames.map { DeviceFrame($0) })
        #expect(plain.transcript.text == tagged.transcript.text)
        #expect(Self.items(plain) == ["a", "c", "d", "e", "b", "f", "g"], "\(plain.transcript.text)")
        #expect(plain.devices == [TestDevices.probeTouchscreen])
    }

    @Test func aMouseClickDuringATouchDragIsIgnored() throws {
        let touch = Self.touchDrag()
        let alone = Self.run(try Self.engine([TestDevices.probeTouchscreen]), touch.map { DeviceFrame($0) })
        // The click comes while the finger holds the item (after the lift).
        let click = Self.mouseClick(at: 0.8, start: .milliseconds(900))
        #expect(click.first!.time > touch.first!.time && click.last!.time < touch.last!.time)
        let both = Self.run(try Self.engine([TestDevices.probeTouchscreen, TestDevices.probeMouse]),
                            DeviceFrame.merged([touch, click]))
        #expect(both.transcript.text == alone.transcript.text)
        // Without the touch, the click is a tap.
        let clickAlone = Self.run(try Self.engine([TestDevices.probeTouchscreen, TestDevices.probeMouse]),
                                  DeviceFrame.merged([[], click]))
        #expect(clickAlone.transcript.text.contains("gesture tap"), "\(clickAlone.transcript.text)")
    }

    @Test func aTouchDuringAMouseDragIsIgnored() throws {
        var m = TraceBuilder(device: TestDevices.probeMouse, seed: 3)
        m.movePointer(to: .fraction(0.5, 0.135), duration: .milliseconds(100))
        m.drag(from: .fraction(0.5, 0.135), to: .fraction(0.5, 0.40))
        let mouse = m.frames
        let alone = Self.run(try Self.engine([TestDevices.probeMouse]), mouse.map { DeviceFrame($0) })
        #expect(alone.transcript.text.contains("dragBegan"), "\(alone.transcript.text)")
        var t = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 4, configuration: .init(start: .milliseconds(1000)))
        t.tap(at: .fraction(0.5, 0.8))
        let both = Self.run(try Self.engine([TestDevices.probeMouse, TestDevices.probeTouchscreen]),
                            DeviceFrame.merged([mouse, t.frames]))
        #expect(both.transcript.text == alone.transcript.text)
        #expect(Self.items(both) == Self.items(alone))
    }

    @Test func aContactIgnoredStaysIgnoredUntilItLiftsThenTheDeviceWorksAgain() throws {
        let touch = Self.touchDrag()
        let end = touch.last!.time
        // Pressed during the drag, released 300 ms after the finger lifted:
        // all of it ignored; a click after that is a tap.
        var m = TraceBuilder(device: TestDevices.probeMouse, seed: 9, configuration: .init(start: .milliseconds(900)))
        m.longPress(at: .fraction(0.2, 0.8), duration: (end - .milliseconds(900)) + .milliseconds(300))
        m.pause(.milliseconds(400))
        m.tap(at: .fraction(0.2, 0.8))
        let engine = Self.run(try Self.engine([TestDevices.probeTouchscreen, TestDevices.probeMouse]),
                              DeviceFrame.merged([touch, m.frames]))
        let text = engine.transcript.text
        #expect(Self.items(engine) == ["a", "c", "d", "e", "b", "f", "g"], "\(text)")
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.contains(" gesture tap recognized") }.count == 1, "\(text)")
        // The one long press is the finger's.
        #expect(lines.filter { $0.contains(" gesture longPress began") }.count == 1, "\(text)")
    }

    @Test func losingTheMouseMidTouchDragLetsTheDragGoOn() throws {
        let touch = Self.touchDrag()
        var engine = try Self.engine([TestDevices.probeTouchscreen, TestDevices.probeMouse])
        let mouse = InputDeviceID(index: 1)
        // The mouse goes away 1.1 s in (the item is up) and comes back (the
        // same id: a follower re-adds it) for a click after the drop.
        var lostAt = false
        for f in touch {
            if !lostAt, f.time >= .milliseconds(1100) {
                engine.deviceLost(mouse, at: f.time)
                lostAt = true
            }
            engine.handle(f)
        }
        for f in Self.mouseClick(at: 0.8, start: touch.last!.time + .milliseconds(200)) {
            engine.handle(f, from: mouse)
        }
        engine.finish()
        let text = engine.transcript.text
        #expect(text.contains("deviceLost"))
        #expect(!text.contains("dragCancelled"), "\(text)")
        #expect(text.contains("gesture tap"), "\(text)")
        #expect(Self.items(engine) == ["a", "c", "d", "e", "b", "f", "g"], "\(text)")
    }

    @Test func losingTheTouchscreenMidDragCancelsItAndTheMouseGoesOn() throws {
        let touch = Self.touchDrag()
        var engine = try Self.engine([TestDevices.probeTouchscreen, TestDevices.probeMouse])
        let mouse = InputDeviceID(index: 1)
        for f in touch where f.time < .milliseconds(1100) { engine.handle(f) }
        #expect(engine.machine.draggedItem != nil)
        engine.deviceLost(.first, at: .milliseconds(1100))
        #expect(engine.machine.draggedItem == nil)
        for f in Self.mouseClick(at: 0.8, start: .milliseconds(1300)) { engine.handle(f, from: mouse) }
        // The touchscreen comes back and drags again.
        for f in Self.touchDrag(start: .milliseconds(2500)) { engine.handle(f) }
        engine.finish()
        let text = engine.transcript.text
        #expect(text.contains("dragCancelled"), "\(text)")
        #expect(text.contains("gesture tap"), "\(text)")
        #expect(Self.items(engine) == ["a", "c", "d", "e", "b", "f", "g"], "\(text)")
    }

    @Test func aDeviceTheEngineDoesNotHaveIsRejected() throws {
        var engine = try Self.engine([TestDevices.probeTouchscreen])
        let entries = engine.handle(EventFrame(time: .zero, events: []), from: InputDeviceID(index: 3))
        #expect(entries.map(\.textLine) == ["0.000000 rejected a frame from device 3, which the engine does not have"])
        let lost = engine.deviceLost(InputDeviceID(index: -1), at: .milliseconds(1))
        #expect(lost.count == 1 && lost[0].textLine.contains("rejected device loss of device -1"))
        #expect(engine.devices.count == 1)
    }

    @Test func keyboardKeysReachTheKeyRouteInOrderWithThePointerFrames() throws {
        var engine = try Self.engine([TestDevices.probeTouchscreen, TestDevices.probeKeyboard])
        let keyboard = InputDeviceID(index: 1)
        let touch = Self.touchDrag()
        func key(_ code: UInt16, _ value: Int32, at ms: Int64) -> EventFrame {
            EventFrame(time: .milliseconds(ms), events: [
                RawEvent(time: .milliseconds(ms), type: EventType.msc, code: 4, value: 30),
                RawEvent(time: .milliseconds(ms), type: EventType.key, code: code, value: value),
            ])
        }
        let keys = [key(103, 1, at: 300), key(103, 2, at: 800), key(103, 0, at: 1200), key(28, 1, at: 1600), key(28, 0, at: 1650)]
        var routed: [Int] = []
        for f in DeviceFrame.merged([touch, keys]) {
            let before = engine.keysRouted, entriesBefore = engine.entriesProduced
            engine.handle(f.frame, from: f.device)
            routed.append(engine.keysRouted - before)
            if f.device == keyboard, let last = engine.lastKeyRouted {
                // Routed in this frame, after what fell due before it and
                // before what the key itself produced.
                let k = f.frame.events[1]
                #expect(last.code == k.code && last.value == k.value && last.time == f.frame.time)
                #expect(last.order >= entriesBefore && last.order <= engine.entriesProduced)
            }
        }
        engine.finish()
        // One key per keyboard frame, none for the touch frames.
        let merged = DeviceFrame.merged([touch, keys])
        #expect(routed == merged.map { $0.device == keyboard ? 1 : 0 })
        #expect(engine.keysRouted == 5)
        // The presses reached the keyboard moves (releases do nothing), and
        // changed nothing of the drag: the same edits as the touch alone.
        let keyLines = engine.transcript.entries.map(\.textLine).filter { $0.contains(" key ") }
        #expect(keyLines.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
                == ["key up", "key up repeat", "key enter"])
        let alone = Self.run(try Self.engine([TestDevices.probeTouchscreen]), touch.map { DeviceFrame($0) })
        #expect(engine.journal == alone.journal)
        #expect(engine.model == alone.model)
    }

    @Test func aKeyboardDeviceMovesAnItemThroughTheKeyboardMoves() throws {
        var engine = try Self.engine([TestDevices.probeTouchscreen, TestDevices.probeKeyboard])
        let keyboard = InputDeviceID(index: 1)
        var ms: Int64 = 100
        func press(_ code: UInt16) {
            for value: Int32 in [1, 0] {
                engine.handle(EventFrame(time: .milliseconds(ms), events: [
                    RawEvent(time: .milliseconds(ms), type: EventType.key, code: code, value: value),
                ]), from: keyboard)
                ms += 50
            }
        }
        // Down focuses the first item, Down again the second; Space lifts
        // it, Down twice moves its gap two places, Enter drops it.
        for code: UInt16 in [108, 108, 57, 108, 108, 28] { press(code) }
        engine.finish()
        #expect(engine.model.sections[0].items.map(\.rawValue) == ["a", "c", "d", "b", "e", "f", "g"])
        #expect(engine.journal.entries.count == 1)
        #expect(engine.keysRouted == 12)
    }

    @Test func mergingOrdersByTimeTiesToTheLowerDeviceAndKeepsEachDevicesOrder() {
        func f(_ ms: Int64) -> EventFrame { EventFrame(time: .milliseconds(ms), events: []) }
        let merged = DeviceFrame.merged([[f(1), f(5), f(5), f(3)], [f(0), f(5), f(9)], []])
        #expect(merged.map { "\($0.device.index):\($0.frame.time.microseconds / 1000)" }
                == ["1:0", "0:1", "0:5", "0:5", "0:3", "1:5", "1:9"])
        #expect(DeviceFrame.merged([]).isEmpty)
    }
}

extension EngineDevicesTests {
    @Test func losingADeviceThatHoldsNothingChangesNothingButTheEntry() throws {
        // An open swipe cell and a finger up: the keyboard goes away.
        var engine = try Self.engine([TestDevices.probeTouchscreen, TestDevices.probeKeyboard])
        var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: 11)
        b.swipe(from: .fraction(0.85, 0.135), to: .fraction(0.55, 0.135), duration: .milliseconds(300))
        for f in b.frames { engine.handle(f) }
        let before = engine.stateName
        #expect(before != "idle", "the swipe should leave the cell open")
        let entries = engine.deviceLost(InputDeviceID(index: 1), at: b.frames.last!.time + .milliseconds(500))
        #expect(entries.map { $0.event.name } == ["deviceLost"], "\(entries.map(\.textLine))")
        #expect(engine.stateName == before)
        // With the touchscreen the only device, the same loss cancels as before.
        var single = try Self.engine([TestDevices.probeTouchscreen])
        for f in b.frames { single.handle(f) }
        let lost = single.deviceLost(at: b.frames.last!.time + .milliseconds(500))
        let viaID = try Self.engine([TestDevices.probeTouchscreen])
        var other = viaID
        for f in b.frames { other.handle(f) }
        #expect(other.deviceLost(.first, at: b.frames.last!.time + .milliseconds(500)).map(\.textLine)
                == lost.map(\.textLine))
    }
}
