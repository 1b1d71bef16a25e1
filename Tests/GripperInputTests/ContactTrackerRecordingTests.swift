import Testing
import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTesting
import GripperTraces

/// Contact counts counted by hand in the real recordings (see
/// Recordings/real/MANIFEST.tsv), checked through the tracker.
@Suite struct ContactTrackerRecordingTests {
    /// Every contact of a recording, with its frames, in order of id.
    struct Tracked {
        var trace: Trace
        var frames: [ContactFrame]
        var summary: TraceSummary

        init(_ file: String) throws {
            trace = try Recordings.evemu(file)
            frames = ContactTracker.track(trace.frames, device: trace.device)
            summary = TraceSummary(device: trace.device, frames: trace.frames)
        }

        var ids: [Int] { summary.contacts.map(\.id) }
        func phases(of id: Int) -> [ContactPhase] {
            frames.flatMap { $0.contacts.filter { $0.id == id }.map(\.phase) }
        }
    }

    @Test func atmelFastTapsHasNineTouches() throws {
        let t = try Tracked("real/ts_atmel-maxtouch_1-finger-fast-taps.evemu")
        #expect(t.summary.contactCount == 9)
        #expect(t.summary.maxConcurrentContacts == 1)
        #expect(t.ids == Array(1...9))
        for c in t.summary.contacts {
            #expect(c.outcome == .ended)
            #expect(c.durationSeconds > 0.080 && c.durationSeconds < 0.111, "tap \(c.id) lasted \(c.durationSeconds)")
            #expect(c.pathLengthMillimetres == 0, "taps in this file have no motion")
        }
        // The second tap starts at X/Y given in its own frame; a tap whose
        // position equals the previous one's carries none and must take the slot's.
        let starts = t.summary.contacts.map(\.startMillimetres)
        #expect(starts.allSatisfy { $0 != .zero })
    }

    @Test func wacomSingleTapHasOneTouch() throws {
        let t = try Tracked("real/ts_wacom-isdv4-e6_single-tap.events")
        #expect(t.summary.contactCount == 1)
        #expect(t.phases(of: 1) == [.began, .ended])
        let c = try #require(t.summary.contacts.first)
        #expect(abs(c.durationSeconds - 0.023987) < 1e-6)
        // Resolution 0: the 250 mm fallback over 2776 units.
        #expect(abs(c.startMillimetres.x - 1269 / (2776.0 / 250)) < 1e-9)
        #expect(t.summary.hasPhysicalSize == false)
    }

    @Test func wacomSwipeHasOneTouch() throws {
        let t = try Tracked("real/ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events")
        #expect(t.summary.contactCount == 1)
        let c = try #require(t.summary.contacts.first)
        #expect(c.outcome == .ended)
        // dx = +2555 units at 11.1 units/mm.
        #expect(abs((c.endMillimetres.x - c.startMillimetres.x) - 2555 / (2776.0 / 250)) < 1e-6)
    }

    @Test func atmelDragHasOneTouchTravellingUpAndDown() throws {
        let t = try Tracked("real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu")
        #expect(t.summary.contactCount == 1)
        let c = try #require(t.summary.contacts.first)
        #expect(c.outcome == .ended)
        // ~304 of 480 units up and back: more than twice 304 units of path.
        let upm = try #require(t.trace.device.unitsPerMillimetre)
        #expect(c.pathLengthMillimetres > 2 * 300 / upm.y)
        let phases = t.phases(of: 1)
        #expect(phases.first == .began)
        #expect(phases.last == .ended)
        #expect(phases.dropFirst().dropLast().allSatisfy { $0 == .moved || $0 == .stationary })
    }

    @Test func ep0430TwoFingerScrollHasTwoTouchesAtOnce() throws {
        let t = try Tracked("real/ts_ep0430m09_2-finger-scroll-down.evemu")
        #expect(t.summary.contactCount == 2)
        #expect(t.summary.maxConcurrentContacts == 2)
        #expect(t.summary.contacts.allSatisfy { $0.outcome == .ended })
        // The second finger lands 7.5 ms after the first.
        #expect(abs(t.summary.contacts[1].startSeconds - 0.007513) < 1e-6)
        // Both move up (y decreases) by 276–331 units.
        let upm = try #require(t.trace.device.unitsPerMillimetre)
        for c in t.summary.contacts {
            let dy = (c.endMillimetres.y - c.startMillimetres.y) * upm.y
            #expect(dy < -270 && dy > -340, "finger \(c.id) moved \(dy) units")
        }
    }

    @Test func ntrigProtocolADragHasOneTouch() throws {
        let t = try Tracked("real/ts_ntrig_protoA_1-finger-drag-NW-SE.events")
        #expect(t.trace.device.usesSlots == false)
        #expect(t.trace.device.isMultitouch)
        #expect(t.summary.contactCount == 1)
        let c = try #require(t.summary.contacts.first)
        #expect(c.outcome == .ended)
        let upm = try #require(t.trace.device.unitsPerMillimetre)
        #expect(abs(c.startMillimetres.x * upm.x - 205) < 1e-6)
        #expect(abs(c.endMillimetres.x * upm.x - 9369) < 1e-6)
        #expect(abs(c.endMillimetres.y * upm.y - 6967) < 1e-6)
    }

    @Test func alpsDoubleTapHasTwoPointerTouches() throws {
        let t = try Tracked("real/tp_alps-glidepoint_double-tap.evemu")
        #expect(t.trace.device.kind == .touchpad)
        #expect(t.summary.contactCount == 2)
        #expect(t.frames.allSatisfy { $0.isPointer })
        let d = t.summary.contacts.map(\.durationSeconds)
        #expect(abs(d[0] - 0.069362) < 1e-6)
        #expect(abs(d[1] - 0.060) < 0.002)
    }

    @Test func ultrathinMouseHasFourLeftPresses() throws {
        // BTN_LEFT goes to 1 at 2.73 s, 5.60 s, 6.35 s and 8.48 s (autorepeat
        // value 2 in between); the two right-button presses are not contacts.
        let t = try Tracked("real/mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu")
        #expect(t.trace.device.kind == .mouse)
        #expect(t.summary.contactCount == 4)
        let starts = t.summary.contacts.map { ($0.startSeconds * 1000).rounded() }
        #expect(starts == [2734, 5603, 6345, 8482])
        #expect(t.summary.contacts.allSatisfy { $0.outcome == .ended })
        // REL_WHEEL sums to -9 (towards the user): +9 in scroll terms.
        #expect(t.summary.scrollDetents == Point(x: 0, y: 9))
        #expect(t.frames.allSatisfy { $0.isPointer })
        let motion = t.frames.reduce(Point.zero) { $0 + $1.pointerMotion }
        #expect(motion == Point(x: -319, y: -7))
    }

    @Test func toolOutputTracesHaveOneContactEach() throws {
        let drag = try Tracked("tool-output/drag.evemu-record.txt")
        #expect(drag.summary.contactCount == 1)
        #expect(drag.phases(of: 1).count == 22) // down, 20 moves, lift
        let mouse = try Tracked("tool-output/mouse.evemu-record.txt")
        #expect(mouse.summary.contactCount == 1)
    }
    @Test func theAtmelDragCutMidTouchIsAdoptedAndCancelled() throws {
        // Start 20 frames in and stop 20 frames before the end: the finger is
        // down at both cuts and no tracking id is ever seen.
        let trace = try Recordings.evemu("real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu")
        let cut = Array(trace.frames.dropFirst(20).dropLast(20))
        #expect(!cut.contains { $0.events.contains { $0.code == AbsCode.mtTrackingID && $0.type == EventType.abs } })
        let frames = ContactTracker.track(cut, device: trace.device)
        let phases = frames.flatMap { $0.contacts.map(\.phase) }
        #expect(frames.flatMap { $0.contacts.map(\.id) }.allSatisfy { $0 == 1 })
        #expect(phases.first == .began)
        #expect(phases.last == .cancelled)
        #expect(phases.filter { $0 == .began }.count == 1)
        let summary = TraceSummary(device: trace.device, frames: cut)
        #expect(summary.contactCount == 1)
        #expect(summary.contacts[0].outcome == .cancelled)
    }

    @Test func aSynDroppedInTheMiddleOfARealDragCancelsAndReadopts() throws {
        let trace = try Recordings.evemu("real/ts_atmel-maxtouch_1-finger-drag-up-down.evemu")
        var frames = trace.frames
        let t = frames[60].time
        frames[60].events.insert(RawEvent(time: t, type: EventType.syn, code: SynCode.dropped, value: 0), at: 0)
        let summary = TraceSummary(device: trace.device, frames: frames)
        // The first touch is cancelled after the drop; the finger, still
        // moving, is adopted as a second contact that ends normally.
        #expect(summary.contactCount == 2)
        #expect(summary.contacts.map(\.outcome) == [.cancelled, .ended])
        #expect(summary.maxConcurrentContacts == 1)
    }

    @Test func theBuilderWorksOnARealDescriptionWithoutResolution() throws {
        let device = try Recordings.evemu("real/ts_ep0430m09_2-finger-scroll-down.evemu").device
        var b = TraceBuilder(device: device, seed: 9)
        b.perform([
            TraceBuilder.Stroke(at: .fraction(0.7, 0.7)).moving(to: .fraction(0.7, 0.3), over: .milliseconds(700)),
            TraceBuilder.Stroke(at: .fraction(0.35, 0.72), after: .milliseconds(8))
                .moving(to: .fraction(0.35, 0.33), over: .milliseconds(700)),
        ])
        let summary = TraceSummary(device: device, frames: b.frames)
        #expect(summary.contactCount == 2)
        #expect(summary.maxConcurrentContacts == 2)
        // 250 mm fallback over 1279 units: 0.4 of the height is 0.4 × 767 units.
        let upm = try #require(device.unitsPerMillimetre)
        let dy = summary.contacts[0].endMillimetres.y - summary.contacts[0].startMillimetres.y
        #expect(Swift.abs(dy * upm.y + 0.4 * 767) < 3)
    }
}
