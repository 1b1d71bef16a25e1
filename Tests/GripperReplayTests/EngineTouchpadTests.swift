import Foundation
import Testing
@_spi(Benchmarks) import Gripper
import GripperFiles
import GripperReplay
import GripperTesting
import GripperGeometry
import GripperInput
import GripperScene
import GripperScripting
@_spi(Benchmarks) import GripperGestures

/// A touchpad in the engine is a pointer (libinput's way): it moves the
/// pointer from the viewport's centre, taps and clicks at the pointer, a
/// click held while a finger moves drags, two fingers scroll the content.
@Suite struct EngineTouchpadTests {
    static let scene = """
    {"viewport":{"width":800,"height":480},"layout":{"rowHeight":56},"selection":"multiple",
     "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"},{"id":"d"},{"id":"e"},{"id":"f"},{"id":"g"},
       {"id":"h"},{"id":"i"},{"id":"j"},{"id":"k"},{"id":"l"},{"id":"m"},{"id":"n"},{"id":"o"},{"id":"p"}]}]}
    """

    /// A two-slot clickpad, 0…2000 × 0…1400 at 20 units/mm (100 × 70 mm).
    static let pad = TestDevices.probeClickpad

    typealias E = (type: UInt16, code: UInt16, value: Int32)

    static func frame(_ ms: Int64, _ events: [E]) -> EventFrame {
        let time = EventTime.milliseconds(ms)
        return EventFrame(time: time, events: events.map { RawEvent(time: time, type: $0.type, code: $0.code, value: $0.value) })
    }
    static func u(_ mm: Double) -> Int32 { Int32((mm * 20).rounded()) }
    static func down(_ ms: Int64, slot: Int32 = 0, id: Int32, x: Double, y: Double) -> EventFrame {
        frame(ms, [(EventType.abs, AbsCode.mtSlot, slot), (EventType.abs, AbsCode.mtTrackingID, id),
                   (EventType.abs, AbsCode.mtPositionX, u(x)), (EventType.abs, AbsCode.mtPositionY, u(y))])
    }
    static func move(_ ms: Int64, slot: Int32 = 0, x: Double, y: Double) -> EventFrame {
        frame(ms, [(EventType.abs, AbsCode.mtSlot, slot), (EventType.abs, AbsCode.mtPositionX, u(x)),
                   (EventType.abs, AbsCode.mtPositionY, u(y))])
    }
    static func up(_ ms: Int64, slot: Int32 = 0) -> EventFrame {
        frame(ms, [(EventType.abs, AbsCode.mtSlot, slot), (EventType.abs, AbsCode.mtTrackingID, -1)])
    }
    static func button(_ ms: Int64, _ down: Bool) -> EventFrame {
        frame(ms, [(EventType.key, KeyCode.btnLeft, down ? 1 : 0)])
    }

    /// Runs `frames` on a fresh engine with the clickpad; returns the engine.
    static func run(_ frames: [EventFrame]) throws -> Engine {
        var engine = try Engine(scene: Scene.decode(Self.scene), device: pad, recordingTranscript: true)
        for f in frames { engine.handle(f) }
        engine.finish()
        return engine
    }

    static func gestures(_ engine: Engine) -> [Gesture] {
        engine.transcript.entries.compactMap { entry in
            if case .gesture(let g) = entry.event, g.kind != .touch { g } else { nil }
        }
    }

    /// A slow stroke of `mm` millimetres to the right, 1 mm every 20 ms (50 mm/s: 1:1).
    static func stroke(from ms: Int64, x: Double, y: Double, mm: Int) -> [EventFrame] {
        [down(ms, id: 1, x: x, y: y)] + (1...mm).map { move(ms + Int64($0) * 20, x: x + Double($0), y: y) }
            + [up(ms + Int64(mm) * 20 + 20)]
    }

    @Test func aTapIsATapAtThePointerWhichStartsAtTheCentre() throws {
        let e = try Self.run([Self.down(0, id: 1, x: 30, y: 30), Self.up(80)])
        let taps = Self.gestures(e).filter { $0.kind == .tap }
        #expect(taps.count == 1)
        #expect(taps.first?.location == Point(x: 400, y: 240))
        #expect(e.nextDeadline == nil)
    }

    @Test func aFingerMovesThePointerTenPointsAMillimetreAndClampedToTheViewport() throws {
        // 10 mm to the right at 50 mm/s: 100 points; then a tap there.
        var frames = Self.stroke(from: 0, x: 20, y: 30, mm: 10)
        frames += [Self.down(1000, id: 2, x: 50, y: 30), Self.up(1080)]
        let e = try Self.run(frames)
        #expect(Self.gestures(e).filter { $0.kind == .tap }.map(\.location) == [Point(x: 500, y: 240)])
        #expect(!Self.gestures(e).contains { $0.kind == .pan })
        // 60 mm to the right: 600 points, clamped at the right edge.
        var far = Self.stroke(from: 0, x: 10, y: 30, mm: 60)
        far += [Self.down(2000, id: 2, x: 50, y: 30), Self.up(2080)]
        #expect(Self.gestures(try Self.run(far)).filter { $0.kind == .tap }.map(\.location) == [Point(x: 800, y: 240)])
    }

    @Test func aFastFingerMovesThePointerFurther() throws {
        // 10 mm in 1 mm steps every 10 ms (100 mm/s): twice as far.
        var frames = [Self.down(0, id: 1, x: 20, y: 30)] + (1...10).map { Self.move(Int64($0) * 10, x: 20 + Double($0), y: 30) }
        frames += [Self.up(120), Self.down(1000, id: 2, x: 50, y: 30), Self.up(1080)]
        #expect(Self.gestures(try Self.run(frames)).filter { $0.kind == .tap }.map(\.location) == [Point(x: 600, y: 240)])
    }

    @Test func aClickHeldWhileAFingerMovesDragsLikeAMouse() throws {
        // Press, slide 20 mm down (200 points), release: a pan that scrolls.
        var frames = [Self.down(0, id: 1, x: 50, y: 20), Self.button(20, true)]
        frames += (1...20).map { Self.move(20 + Int64($0) * 20, x: 50, y: 20 + Double($0)) }
        frames += [Self.button(460, false), Self.up(480)]
        let e = try Self.run(frames)
        let kinds = Self.gestures(e).map(\.kind)
        #expect(kinds.contains(.pan) && !kinds.contains(.tap), "\(kinds)")
        #expect(e.transcript.text.contains("scrolled"))
        #expect(e.journal.entries.isEmpty && e.nextDeadline == nil)
    }

    @Test func aClickInTheBottomRightIsASecondaryClickThatDoesNothing() throws {
        let e = try Self.run([Self.down(0, id: 1, x: 80, y: 65), Self.button(20, true), Self.button(120, false), Self.up(140)])
        #expect(Self.gestures(e).isEmpty)
        let left = try Self.run([Self.down(0, id: 1, x: 20, y: 65), Self.button(20, true), Self.button(120, false), Self.up(140)])
        #expect(Self.gestures(left).map(\.kind) == [.tap])
    }

    @Test func twoFingersScrollTheContent() throws {
        var frames = [Self.down(0, id: 1, x: 40, y: 20), Self.down(0, slot: 1, id: 2, x: 60, y: 20)]
        for k in 1...10 {
            let y = 20 + Double(k) * 2
            frames.append(Self.frame(Int64(k) * 20, [(EventType.abs, AbsCode.mtSlot, 0), (EventType.abs, AbsCode.mtPositionY, Self.u(y)),
                                                     (EventType.abs, AbsCode.mtSlot, 1), (EventType.abs, AbsCode.mtPositionY, Self.u(y))]))
        }
        frames += [Self.up(300), Self.up(300, slot: 1)]
        let e = try Self.run(frames)
        // 20 mm towards the user: five detents, the content scrolls down.
        let scrolls = Self.gestures(e).filter { $0.kind == .scroll }
        #expect(scrolls.count == 10)
        #expect(e.contentOffset > 0)
        #expect(!Self.gestures(e).contains { $0.kind == .tap || $0.kind == .pan })
    }

    @Test func aPalmAtTheEdgeDoesNothing() throws {
        let e = try Self.run([Self.down(0, id: 1, x: 3, y: 30), Self.up(80)])
        #expect(Self.gestures(e).isEmpty)
    }

    @Test func aTouchpadBesideATouchscreenWaitsForItsButton() throws {
        var engine = try Engine(scene: Scene.decode(Self.scene), device: Self.pad, recordingTranscript: true)
        var screen = Self.pad
        screen.name = "Engine Test Screen"
        screen.properties = [InputProperty.direct]
        screen.codes[EventType.key] = [KeyCode.btnTouch]
        let touch = engine.attach(screen)
        // The clickpad's button is down: a touch on the screen is ignored.
        engine.handle(Self.down(0, id: 1, x: 20, y: 20))
        engine.handle(Self.button(10, true))
        engine.handle(Self.down(20, id: 7, x: 50, y: 50), from: touch)
        engine.handle(Self.up(60), from: touch)
        engine.handle(Self.button(100, false))
        engine.handle(Self.up(120))
        engine.finish()
        let taps = Self.gestures(engine).filter { $0.kind == .tap }
        #expect(taps.map(\.location) == [Point(x: 400, y: 240)])
    }

    @Test func aTwoFingerTapIsASecondaryTapThatDoesNothing() throws {
        let e = try Self.run([Self.down(0, id: 1, x: 40, y: 30), Self.down(10, slot: 1, id: 2, x: 60, y: 30),
                              Self.up(90), Self.up(100, slot: 1)])
        #expect(Self.gestures(e).isEmpty)
        #expect(e.journal.entries.isEmpty && e.nextDeadline == nil)
    }

    /// The scripted clickpad case (Recordings/touchpad): a palm resting at the
    /// edge throughout, a long-press drag with the click held, a two-finger
    /// scroll, a secondary click.
    @Test func theScriptedClickpadCaseDragsScrollsAndIgnoresThePalm() throws {
        let folder = try ScenarioFolder(folder: "touchpad/clickpad-drag-scroll-palm")
        let trace = folder.trace
        #expect(trace.device.kind == .touchpad)
        let e = try Replay(trace: trace, scene: folder.scene).engine
        // The proxy rests over the fifth row: the item lands in that slot.
        #expect(e.journal.entries.map(\.edit.description) == ["move i1 [0, 0] → [0, 4]"], "\(e.journal.entries)")
        #expect(e.contentOffset == 144)
        #expect(Self.gestures(e).filter { $0.kind == .tap }.isEmpty)
        #expect(e.nextDeadline == nil)
    }
}
