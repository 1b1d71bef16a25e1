import Foundation
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput
import GripperTesting
import Testing
import GripperTraces

/// Touchpad tap-to-click through the gesture arena: the real ALPS recording.
@Suite struct TouchpadTapTests {
    func frames() throws -> [ContactFrame] {
        let trace = try Recordings.evemu("real/tp_alps-glidepoint_double-tap.evemu")
        return TouchpadTracker.track(trace.frames, device: trace.device)
    }

    @Test func alpsDoubleTapIsADoubleTapWithTheDoubleTapInstalled() throws {
        var arena = GestureArena(configuration: .withDoubleTap, deviceKind: .touchpad)
        let events = arena.replay(try frames()).filter { $0.kind != .touch }
        #expect(events.map(\.kind) == [.tap])
        #expect(events.map(\.tapCount) == [2])
        #expect(events.allSatisfy { $0.isPointer })
        #expect(arena.isIdle)
    }

    @Test func alpsDoubleTapIsTwoTapsWithoutIt() throws {
        var arena = GestureArena(configuration: .default, deviceKind: .touchpad)
        let events = arena.replay(try frames()).filter { $0.kind != .touch }
        #expect(events.map(\.kind) == [.tap, .tap])
        #expect(events.map(\.tapCount) == [1, 1])
        #expect(arena.isIdle)
    }
}
