import Testing
import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTesting

/// Random event streams (seeded) through the tracker: whatever the device
/// sends, every contact's life is began → moved/stationary … → ended or
/// cancelled, ids are unique and increasing, and nothing is left down.
@Suite struct ContactTrackerInvariantTests {
    typealias T = TrackerTest

    static let devices: [String] = ["probe touchscreen", "ntrig", "single touch", "touchpad", "alps", "mouse"]

    func device(_ name: String) throws -> DeviceDescription {
        switch name {
        case "probe touchscreen": return TestDevices.probeTouchscreen
        case "ntrig": return try T.ntrig()
        case "single touch": return T.singleTouchScreen
        case "touchpad": return T.singleTouchPad
        case "alps": return try T.alps()
        default: return TestDevices.probeMouse
        }
    }

    /// A random event a device of this kind might send (or garbage).
    func randomEvent(_ rng: inout SeededGenerator) -> TrackerTest.E {
        let small = Int32(rng.next() % 12) - 2
        let position = Int32(rng.next() % 5000) - 100
        switch rng.next() % 16 {
        case 0: return T.slot(small)
        case 1, 2: return T.tid(rng.next() % 3 == 0 ? -1 : Int32(rng.next() % 20))
        case 3, 4: return T.mtx(position)
        case 5: return T.mty(position)
        case 6: return T.abs(AbsCode.x, position)
        case 7: return T.abs(AbsCode.y, position)
        case 8: return T.mtReport
        case 9: return T.key(KeyCode.btnTouch, Int32(rng.next() % 3))
        case 10: return T.key(KeyCode.btnToolFinger, Int32(rng.next() % 2))
        case 11: return T.key(KeyCode.btnLeft, Int32(rng.next() % 3))
        case 12: return T.rel(RelCode.x, small * 7)
        case 13: return T.rel(RelCode.wheel, small)
        case 14: return rng.next() % 8 == 0 ? T.dropped : T.key(KeyCode.btnToolDoubleTap, Int32(rng.next() % 2))
        default: return (UInt16(rng.next() % 32), UInt16(rng.next() % 0x300), Int32(truncatingIfNeeded: rng.next()))
        }
    }

    @Test(arguments: devices)
    func randomStreamsKeepEveryContactsLifeWellFormed(_ name: String) throws {
        let device = try device(name)
        for seed in UInt64(1)...60 {
            var rng = SeededGenerator(seed: seed &* 7919 &+ UInt64(name.count))
            var tracker = ContactTracker(device: device)
            var frames: [ContactFrame] = []
            for n in 0..<Int(20 + rng.next() % 80) {
                let events = (0..<Int(rng.next() % 9)).map { _ in randomEvent(&rng) }
                frames.append(tracker.process(T.frame(Int64(n) * 10, events, resync: rng.next() % 25 == 0)))
            }
            let finished = tracker.finish()
            if let finished { frames.append(finished) }
            #expect(tracker.contactsDown == 0, "device \(name) seed \(seed)")
            check(frames, label: "device \(name) seed \(seed)")
        }
    }

    /// Every contact's phases form began, (moved|stationary)*, (ended|cancelled).
    func check(_ frames: [ContactFrame], label: String) {
        var open: Set<Int> = []
        var closed: Set<Int> = []
        var lastID = 0
        for frame in frames {
            let ids = frame.contacts.map(\.id)
            #expect(ids == ids.sorted() && Set(ids).count == ids.count, "\(label): ids \(ids)")
            for c in frame.contacts {
                #expect(!closed.contains(c.id), "\(label): contact \(c.id) after its end")
                switch c.phase {
                case .began:
                    #expect(!open.contains(c.id) && c.id > lastID, "\(label): contact \(c.id) began twice or out of order")
                    lastID = max(lastID, c.id)
                    open.insert(c.id)
                case .moved, .stationary:
                    #expect(open.contains(c.id), "\(label): contact \(c.id) moved before it began")
                case .ended, .cancelled:
                    #expect(open.contains(c.id), "\(label): contact \(c.id) ended before it began")
                    open.remove(c.id)
                    closed.insert(c.id)
                }
            }
        }
        #expect(open.isEmpty, "\(label): contacts \(open) never ended")
    }

    @Test func builtTracesAreWellFormedToo() {
        for seed in UInt64(1)...10 {
            var b = TraceBuilder(device: TestDevices.probeTouchscreen, seed: seed)
            b.tap(at: .fraction(0.5, 0.5))
            b.pause(.milliseconds(100))
            b.perform([TraceBuilder.Stroke(at: .mm(30, 30)).moving(to: .mm(90, 30), over: .milliseconds(300)),
                       TraceBuilder.Stroke(at: .mm(30, 90), after: .milliseconds(50)).holding(.milliseconds(100))])
            check(ContactTracker.track(b.frames, device: b.device), label: "seed \(seed)")
        }
    }
}
