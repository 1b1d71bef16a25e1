import Testing
import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTesting

/// Random event streams (seeded) through the touchpad tracker: whatever the
/// touchpad sends, every pointer contact's life is began → moved/stationary
/// … → ended or cancelled, one at a time, every value is finite, and
/// nothing is left down after `finish()`.
@Suite struct TouchpadInvariantTests {
    typealias T = TrackerTest

    static let devices = ["clickpad", "pressure clickpad", "buttons", "alps"]

    func device(_ name: String) throws -> DeviceDescription {
        switch name {
        case "clickpad": return TouchpadTrackerTests.pad
        case "pressure clickpad": return TouchpadPalmTests.pressurePad
        case "buttons": return TouchpadPalmTests.plainPad
        default: return try T.alps()
        }
    }

    /// A random event a touchpad might send (or garbage).
    func randomEvent(_ rng: inout SeededGenerator) -> TrackerTest.E {
        let position = Int32(rng.next() % 2400) - 200
        switch rng.next() % 14 {
        case 0: return T.slot(Int32(rng.next() % 5) - 1)
        case 1, 2: return T.tid(rng.next() % 3 == 0 ? -1 : Int32(rng.next() % 20))
        case 3, 4: return T.mtx(position)
        case 5, 6: return T.mty(position)
        case 7: return T.abs(AbsCode.mtPressure, Int32(rng.next() % 200))
        case 8: return T.abs(AbsCode.mtTouchMajor, Int32(rng.next() % 600))
        case 9, 10: return T.key(KeyCode.btnLeft, Int32(rng.next() % 3))
        case 11: return T.key(KeyCode.btnToolFinger, Int32(rng.next() % 2))
        case 12: return rng.next() % 6 == 0 ? T.dropped : T.key(KeyCode.btnToolDoubleTap, Int32(rng.next() % 2))
        default: return (UInt16(rng.next() % 32), UInt16(rng.next() % 0x300), Int32(truncatingIfNeeded: rng.next()))
        }
    }

    @Test(arguments: devices)
    func randomStreamsKeepThePointerContactsWellFormed(_ name: String) throws {
        let device = try device(name)
        for seed in UInt64(1)...80 {
            var rng = SeededGenerator(seed: seed &* 104_729 &+ UInt64(name.count))
            var tracker = TouchpadTracker(device: device)
            var frames: [ContactFrame] = []
            var ms: Int64 = 0
            for _ in 0..<Int(20 + rng.next() % 120) {
                // Mostly a frame every 5-40 ms, sometimes a long pause or the same time.
                ms += rng.next() % 10 == 0 ? Int64(rng.next() % 600) : Int64(rng.next() % 36) + 5
                let events = (0..<Int(rng.next() % 7)).map { _ in randomEvent(&rng) }
                frames += tracker.process(T.frame(ms, events, resync: rng.next() % 30 == 0))
            }
            frames += tracker.finish()
            #expect(tracker.isIdle, "device \(name) seed \(seed)")
            #expect(tracker.pressedButton == nil)
            var open: Int?
            var seen: Set<Int> = []
            for frame in frames {
                #expect(frame.isPointer)
                #expect(frame.pointerMotion.x.isFinite && frame.pointerMotion.y.isFinite)
                #expect(frame.scroll.x.isFinite && frame.scroll.y.isFinite)
                #expect(frame.contacts.count <= 1, "device \(name) seed \(seed): \(frame.contacts)")
                for c in frame.contacts {
                    #expect(c.millimetres.x.isFinite && c.millimetres.y.isFinite)
                    switch c.phase {
                    case .began:
                        #expect(open == nil && !seen.contains(c.id), "device \(name) seed \(seed): \(c.id) began twice")
                        open = c.id
                        seen.insert(c.id)
                    case .moved, .stationary:
                        #expect(open == c.id)
                    case .ended, .cancelled:
                        #expect(open == c.id)
                        open = nil
                    }
                }
            }
            #expect(open == nil, "device \(name) seed \(seed): contact \(open ?? 0) left open")
        }
    }

    /// With the pinch recognized, whatever the touchpad sends: each pinch
    /// is began → moved … → ended or cancelled, never beside a button's
    /// contact, its scale finite and above 0 and its span at least 1 mm, its
    /// two contact ids new; a pinch moves and scrolls nothing; nothing is
    /// pending after `finish()`.
    @Test(arguments: devices)
    func randomStreamsKeepThePinchWellFormed(_ name: String) throws {
        let device = try device(name)
        var pinches = 0
        for seed in UInt64(1)...80 {
            var rng = SeededGenerator(seed: seed &* 7_919 &+ UInt64(name.count))
            var tracker = TouchpadTracker(device: device)
            tracker.recognizesPinch = true
            var open: TouchpadPinch?
            var ids: Set<Int> = []
            var ms: Int64 = 0
            func check(_ step: TouchpadPinch?, _ frames: [ContactFrame]) {
                guard let step else { return }
                #expect(step.scale.isFinite && step.scale > 0 && step.spanMillimetres >= 1 && step.spanMillimetres.isFinite,
                        "device \(name) seed \(seed): \(step)")
                switch step.phase {
                case .began:
                    #expect(open == nil, "device \(name) seed \(seed): a pinch began twice")
                    #expect(!ids.contains(step.firstContactID) && !ids.contains(step.secondContactID))
                    ids.formUnion([step.firstContactID, step.secondContactID])
                    open = step
                    pinches += 1
                case .moved, .ended, .cancelled:
                    #expect(open?.firstContactID == step.firstContactID, "device \(name) seed \(seed): \(step)")
                    open = step.phase == .moved ? step : nil
                }
                for f in frames {
                    #expect(f.scroll == .zero && f.pointerMotion == .zero, "device \(name) seed \(seed): a pinch moved")
                    for c in f.contacts { #expect(!ids.contains(c.id)) }
                }
            }
            for _ in 0..<Int(20 + rng.next() % 120) {
                ms += rng.next() % 10 == 0 ? Int64(rng.next() % 600) : Int64(rng.next() % 36) + 5
                // Two fingers parting or closing now and then, among the noise.
                var events = (0..<Int(rng.next() % 7)).map { _ in randomEvent(&rng) }
                if rng.next() % 3 == 0 {
                    let spread = Int32(rng.next() % 400)
                    events += [T.slot(0), T.mtx(800 - spread), T.slot(1), T.mtx(1200 + spread)]
                }
                let frames = tracker.process(T.frame(ms, events, resync: rng.next() % 30 == 0))
                check(tracker.pinch, frames)
            }
            _ = tracker.finish()
            check(tracker.pinch, [])
            #expect(open == nil, "device \(name) seed \(seed): a pinch left open")
            #expect(tracker.isIdle, "device \(name) seed \(seed)")
        }
        #expect(pinches > 10, "device \(name): \(pinches) pinches in 80 streams")
    }
}
