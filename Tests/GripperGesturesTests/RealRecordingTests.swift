import Foundation
import GripperGeometry
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput
import GripperTesting
import Testing
import GripperTraces

/// The real recordings of Recordings/real through the evemu reader, the
/// contact tracker and the arena with its default configuration.
@Suite struct RealRecordingTests {
    /// Reads an evemu recording; a `.events` file takes its device from the `.desc` named.
    func contactFrames(_ file: String, description: String? = nil) throws -> [ContactFrame] {
        let trace = try Recordings.evemu("real/\(file)", description: description.map { "real/\($0)" })
        return ContactTracker.track(trace.frames, device: trace.device)
    }

    func gestures(_ frames: [ContactFrame], _ configuration: GestureConfiguration = .default) -> [GestureEvent] {
        GestureArena.events(for: frames, configuration: configuration).filter { $0.kind != .touch }
    }

    /// The arena takes back the storage of events the caller let go of:
    /// arrays a caller keeps (every other one, here) stay as they were
    /// handed over, and the events are those of a replay that drops them all.
    @Test func eventsTheCallerKeepsStayAsTheyWere() throws {
        let frames = try contactFrames("ts_atmel-maxtouch_1-finger-drag-up-down.evemu")
        var arena = GestureArena()
        var kept: [[GestureEvent]] = [], copies: [[GestureEvent]] = [], all: [GestureEvent] = []
        for (i, frame) in frames.enumerated() {
            // Deadlines first through fire(until:), then the frame.
            for events in [arena.fire(until: frame.time), arena.handle(frame)] {
                all += events
                guard i % 2 == 0, !events.isEmpty else { continue }
                kept.append(events)
                copies.append(events.map { $0 }) // new storage, not shared
            }
        }
        all += arena.finish()
        #expect(kept.count > 10 && kept == copies)
        #expect(all == GestureArena.events(for: frames))
    }

    @Test func atmelFastTapsGiveNineTapsAndNoPan() throws {
        let events = gestures(try contactFrames("ts_atmel-maxtouch_1-finger-fast-taps.evemu"))
        #expect(events.filter { $0.kind == .tap }.count == 9)
        #expect(events.allSatisfy { $0.kind == .tap && $0.tapCount == 1 })
    }

    @Test func atmelFastTapsPairUpWithTheDoubleTapInstalled() throws {
        // ~220 ms apart: within the double-tap interval, so they pair up (the ninth stays single).
        let taps = gestures(try contactFrames("ts_atmel-maxtouch_1-finger-fast-taps.evemu"), .withDoubleTap)
        #expect(taps.map(\.tapCount) == [2, 2, 2, 2, 1])
    }

    @Test func wacomSingleTapGivesOneTap() throws {
        let events = gestures(try contactFrames("ts_wacom-isdv4-e6_single-tap.events", description: "ts_wacom-isdv4-e6.desc"))
        #expect(events.map(\.kind) == [.tap])
        #expect(events.first?.tapCount == 1)
    }

    @Test func wacomHorizontalSwipeGivesAHorizontalSwipe() throws {
        let events = gestures(try contactFrames("ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events",
                                                description: "ts_wacom-isdv4-e6.desc"))
        let pans = events.filter { $0.kind == .pan }
        #expect(pans.first?.state == .began)
        #expect(pans.first?.axis == .horizontal)
        #expect(pans.last?.state == .ended)
        let swipes = events.filter { $0.kind == .swipe }
        #expect(swipes.map(\.direction) == [.right])
        #expect(!events.contains { $0.kind == .tap || $0.kind == .longPress })
        // Left to right across most of the screen, steadily: velocity points right.
        let changed = pans.filter { $0.state == .changed }
        let rightward = changed.filter { ($0.motion?.velocityMillimetres.x ?? 0) > 0 }.count
        #expect(rightward * 10 >= changed.count * 9, "\(rightward) of \(changed.count) changes move right")
    }

    @Test func atmelDragGivesAPanAndNoTap() throws {
        let events = gestures(try contactFrames("ts_atmel-maxtouch_1-finger-drag-up-down.evemu"))
        let pans = events.filter { $0.kind == .pan }
        #expect(pans.first?.state == .began)
        #expect(pans.first?.axis == .vertical)
        #expect(pans.last?.state == .ended)
        #expect(pans.filter { $0.state == .began }.count == 1)
        #expect(!events.contains { $0.kind == .tap })
        // Up then back down: the vertical velocity changes sign during the drag.
        let ys = pans.filter { $0.state == .changed }.compactMap(\.motion?.velocityMillimetres.y)
        #expect(ys.contains { $0 < -20 } && ys.contains { $0 > 20 })
    }

    @Test func mouseClicksAreTapsAndClickDragsArePans() throws {
        let events = gestures(try contactFrames("mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu"))
        // Four left presses: two clicks (158 and 124 ms, no motion) and two click-drags.
        let taps = events.filter { $0.kind == .tap }
        #expect(taps.count == 2)
        #expect(taps.allSatisfy { $0.isPointer })
        let panBegins = events.filter { $0.kind == .pan && $0.state == .began }
        #expect(panBegins.count == 2)
        #expect(events.filter { $0.kind == .pan && $0.state == .ended }.count == 2)
        #expect(!events.contains { $0.kind == .longPress })
        // The wheel: nine bursts of detents, both ways.
        let scrolls = events.filter { $0.kind == .scroll }
        #expect(scrolls.contains { ($0.scrollDistance?.y ?? 0) > 0 } && scrolls.contains { ($0.scrollDistance?.y ?? 0) < 0 })
    }

    @Test func twoFingerScrollIsNotAOneFingerGesture() throws {
        let events = gestures(try contactFrames("ts_ep0430m09_2-finger-scroll-down.evemu"))
        #expect(!events.contains { $0.kind == .tap || $0.kind == .swipe || $0.kind == .longPress })
        #expect(!events.contains { $0.kind == .pan && $0.state == .ended })
    }

    @Test func everyRecordingLeavesTheArenaIdle() throws {
        let files: [(String, String?)] = [
            ("ts_atmel-maxtouch_1-finger-fast-taps.evemu", nil),
            ("ts_atmel-maxtouch_1-finger-drag-up-down.evemu", nil),
            ("ts_ep0430m09_2-finger-scroll-down.evemu", nil),
            ("tp_alps-glidepoint_double-tap.evemu", nil),
            ("mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu", nil),
            ("ts_ntrig_protoA_1-finger-drag-NW-SE.events", "ts_ntrig_protoA.desc"),
            ("ts_wacom-isdv4-e6_single-tap.events", "ts_wacom-isdv4-e6.desc"),
            ("ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events", "ts_wacom-isdv4-e6.desc"),
        ]
        for (file, desc) in files {
            var arena = GestureArena(configuration: .withDoubleTap)
            _ = arena.replay(try contactFrames(file, description: desc))
            #expect(arena.isIdle, "\(file)")
        }
    }
}
