import GripperGeometry
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTesting
import Testing

/// Seeded random streams of one to three fingers (or a mouse) never leave a
/// recognizer stuck: every began ends or is cancelled, nothing changes
/// outside a began…end, time never goes back, and after the stream ends no
/// deadline is pending.
@Suite struct RandomStreamTests {
    static let seeds: [UInt64] = Array(1...60)

    func randomStream(_ rng: inout SeededGenerator) -> (frames: [ContactFrame], configuration: GestureConfiguration) {
        var c = GestureConfiguration()
        c.maximumTapCount = rng.next(in: 1...3)
        c.extraContacts = ExtraContactPolicy.allCases[rng.next(in: 0...2)]
        c.reportsFailures = rng.next(in: 0...1) == 1
        let pointer = rng.next(in: 0...3) == 0
        var frames: [ContactFrame] = []
        var down: [Int: Point] = [:]
        var drift: [Int: Point] = [:]
        var lastLift = Point(x: 50, y: 30)
        var nextID = 1
        var t = 0.0
        for _ in 0..<rng.next(in: 20...200) {
            t += rng.next(in: 0...1) == 0 ? rng.next(in: 2...14) : rng.next(in: 50...700)
            var phases: [Int: ContactPhase] = [:]
            let roll = rng.next(in: 0...9)
            if roll < 2, down.count < (pointer ? 1 : 3) {
                // Often near the last lift (multi-taps), else anywhere; half the contacts drift (swipes).
                let near = rng.next(in: 0...1) == 0
                down[nextID] = near ? lastLift + Point(x: rng.next(in: -1...1), y: rng.next(in: -1...1))
                    : Point(x: rng.next(in: 0...100), y: rng.next(in: 0...60))
                let speed = rng.next(in: 1.0...6.0) * (rng.next(in: 0...1) == 0 ? 1 : -1)
                drift[nextID] = rng.next(in: 0...1) == 0 ? .zero
                    : (rng.next(in: 0...1) == 0 ? Point(x: speed, y: speed / 5) : Point(x: speed / 5, y: speed))
                phases[nextID] = .began
                nextID += 1
            } else if roll < 4, let id = down.keys.sorted().first(where: { _ in rng.next(in: 0...1) == 0 }) ?? down.keys.min() {
                phases[id] = rng.next(in: 0...9) == 0 ? .cancelled : .ended
            } else {
                for id in down.keys.sorted() where rng.next(in: 0...2) > 0 {
                    let step = rng.next(in: 0...2) == 0 ? 0.1 : 3.0
                    down[id] = (down[id] ?? .zero) + (drift[id] ?? .zero)
                        + Point(x: rng.next(in: -step...step), y: rng.next(in: -step...step))
                    phases[id] = .moved
                }
            }
            let contacts = down.keys.sorted().map { id -> Contact in
                let p = down[id] ?? .zero
                return Contact(id: id, phase: phases[id] ?? .stationary, position: p, millimetres: p, location: p * 3)
            }
            let scroll = pointer && rng.next(in: 0...9) == 0 ? Point(x: 0, y: Double(rng.next(in: -2...2))) : .zero
            // Timestamps jitter backwards now and then.
            let stamp = t - (rng.next(in: 0...19) == 0 ? 5 : 0)
            frames.append(ContactFrame(time: ms(stamp), contacts: contacts, scroll: scroll, isPointer: pointer))
            for (id, phase) in phases.sorted(by: { $0.key < $1.key }) where phase.isFinal {
                lastLift = down[id] ?? lastLift
                down[id] = nil
            }
        }
        // Drawn last, so the streams are those drawn before the pinch existed.
        if rng.next(in: 0...1) == 1 { c.recognizers.insert(.pinch) }
        return (frames, c)
    }

    @Test(arguments: seeds)
    func randomStreamsLeaveNothingStuck(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let (frames, configuration) = randomStream(&rng)
        var arena = GestureArena(configuration: configuration)
        var events: [GestureEvent] = []
        for f in frames {
            // Fire each deadline at its own time, as a live loop would, now and then.
            if rng.next(in: 0...1) == 0, let d = arena.nextDeadline, d < f.time { events += arena.fire(until: d) }
            events += arena.handle(f)
        }
        events += arena.finish()

        #expect(arena.isIdle, "seed \(seed)")
        #expect(arena.nextDeadline == nil, "seed \(seed)")
        var open: [GestureKind: Int] = [:] // continuous gesture in progress → its contact
        var lastTime = EventTime(microseconds: .min)
        for e in events {
            #expect(e.time >= lastTime, "seed \(seed): time went back at \(e)")
            lastTime = e.time
            switch e.gesture {
            case .longPress(.began, let m), .pan(.began, _, let m):
                #expect(open.isEmpty, "seed \(seed): \(e.kind) began while \(open) open")
                open[e.kind] = m.contactID
            case .longPress(.changed, let m), .pan(.changed, _, let m):
                #expect(open[e.kind] == m.contactID, "seed \(seed): changed outside began…end: \(e)")
            case .longPress(.ended, let m), .longPress(.cancelled, let m), .pan(.ended, _, let m),
                 .pan(.cancelled, _, let m):
                #expect(open[e.kind] == m.contactID, "seed \(seed): end without began: \(e)")
                open[e.kind] = nil
            case .tap(let count, _):
                #expect((1...configuration.maximumTapCount).contains(count), "seed \(seed): \(e)")
            case .tapFailed, .longPressFailed, .swipeFailed:
                #expect(configuration.reportsFailures, "seed \(seed)")
            case .pinch(.began, let m):
                #expect(configuration.recognizers.contains(.pinch) && open.isEmpty, "seed \(seed): \(e) while \(open)")
                open[.pinch] = m.firstContactID
            case .pinch(.changed, let m):
                #expect(open[.pinch] == m.firstContactID, "seed \(seed): changed outside began…end: \(e)")
                #expect(m.scale.isFinite && m.scale > 0 && m.velocity.isFinite, "seed \(seed): \(e)")
            case .pinch(.ended, let m), .pinch(.cancelled, let m):
                #expect(open[.pinch] == m.firstContactID, "seed \(seed): end without began: \(e)")
                open[.pinch] = nil
            case .swipe, .scroll, .touch:
                break
            }
        }
        #expect(open.isEmpty, "seed \(seed): left open \(open)")
    }

    /// The generator really exercises every recognizer and rule (else the
    /// test above would pass vacuously).
    @Test func randomStreamsExerciseEveryRecognizer() {
        var seen: Set<String> = []
        for seed in Self.seeds {
            var rng = SeededGenerator(seed: seed)
            let (frames, configuration) = randomStream(&rng)
            for e in GestureArena.events(for: frames, configuration: configuration) {
                seen.insert("\(e.kind.rawValue).\(e.state.rawValue)")
                if let count = e.tapCount, count > 1 { seen.insert("tap.multiple") }
            }
        }
        for expected in ["tap.recognized", "tap.multiple", "longPress.began", "longPress.ended", "longPress.cancelled",
                         "pan.began", "pan.changed", "pan.ended", "pan.cancelled", "swipe.recognized", "scroll.recognized",
                         "touch.cancelled"] {
            #expect(seen.contains(expected), "no \(expected) in any random stream")
        }
    }
}
