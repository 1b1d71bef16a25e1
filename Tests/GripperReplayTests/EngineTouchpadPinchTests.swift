import Testing
@_spi(Benchmarks) import Gripper
import GripperGeometry
import GripperInput
import GripperScene
import GripperScripting
@_spi(Benchmarks) import GripperGestures

/// An evdev touchpad pinches between layouts (issue 35): with pinch layouts
/// set, two fingers moving apart or together are a pinch as libinput tells
/// it from a scroll, fed to the engine as a toolkit's touchpad pinch is; two
/// fingers moving together still scroll, as far as without the pinch.
@Suite struct EngineTouchpadPinchTests {
    typealias T = EngineTouchpadTests

    /// A grid of 60 tiles in 3 columns; a closing pinch makes 5, a spreading one a list.
    static let scene = """
    {"viewport":{"width":400,"height":640},
     "layout":{"columns":3,"rowHeight":120,"interItemSpacing":8,"lineSpacing":8},
     "pinch":{"closing":{"columns":5,"rowHeight":72},"spreading":{"columns":1,"rowHeight":56,"interItemSpacing":0,"lineSpacing":0}},
     "sections":[{"id":"s","items":[\((1...60).map { "{\"id\":\"i\($0)\"}" }.joined(separator: ","))]}]}
    """

    /// Both slots of the clickpad at (x1, y1) and (x2, y2) mm, in one frame.
    static func both(_ ms: Int64, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> EventFrame {
        T.frame(ms, [(EventType.abs, AbsCode.mtSlot, 0), (EventType.abs, AbsCode.mtPositionX, T.u(x1)),
                     (EventType.abs, AbsCode.mtPositionY, T.u(y1)),
                     (EventType.abs, AbsCode.mtSlot, 1), (EventType.abs, AbsCode.mtPositionX, T.u(x2)),
                     (EventType.abs, AbsCode.mtPositionY, T.u(y2))])
    }

    /// Two fingers down 10 ms apart at `from` (mm, each finger's x; y 35),
    /// moved in `steps` frames 10 ms apart to `to`, then lifted 10 ms apart.
    static func twoFingers(from: (Double, Double), to: (Double, Double), y: (from: Double, to: Double) = (35, 35),
                           steps: Int = 20, start: Int64 = 0) -> [EventFrame] {
        var frames = [T.down(start, id: 1, x: from.0, y: y.from), T.down(start + 10, slot: 1, id: 2, x: from.1, y: y.from)]
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            let yk = y.from + (y.to - y.from) * f
            frames.append(both(start + 10 + Int64(k) * 10, from.0 + (to.0 - from.0) * f, yk, from.1 + (to.1 - from.1) * f, yk))
        }
        let end = start + 10 + Int64(steps) * 10
        return frames + [T.up(end + 10), T.up(end + 20, slot: 1)]
    }

    static func engine(pinch: Bool = true, device: DeviceDescription = T.pad) throws -> Engine {
        var scene = try Scene.decode(Self.scene)
        if !pinch { scene.pinchLayouts = nil }
        return try Engine(scene: scene, device: device, recordingTranscript: true)
    }

    static func run(_ frames: [EventFrame], pinch: Bool = true, device: DeviceDescription = T.pad) throws -> Engine {
        var e = try engine(pinch: pinch, device: device)
        for f in frames { e.handle(f) }
        e.finish()
        #expect(e._invariantViolations().isEmpty)
        #expect(e.nextDeadline == nil)
        return e
    }

    static func pinchSteps(_ e: Engine) -> [LayoutPinchStep] {
        e.transcript.entries.compactMap { if case .layoutPinch(let step) = $0.event { step } else { nil } }
    }

    @Test func fingersSpreadingPinchTheGridIntoTheList() throws {
        // 20 mm apart, spread to 60 mm in 200 ms (scale 3).
        let e = try Self.run(Self.twoFingers(from: (40, 60), to: (20, 80)))
        let steps = Self.pinchSteps(e)
        #expect(steps.count == 2, "\(steps)")
        guard case .began(let change)? = steps.first, case .finished? = steps.last else {
            Issue.record("\(steps)"); return
        }
        #expect(change.columns == 1)
        #expect(e.metrics.columns == 1)
        // Fed as the toolkit feeds its pinch: no scroll, no pan, no tap, the pointer where it was.
        let kinds = T.gestures(e).map(\.kind)
        #expect(!kinds.contains(.scroll) && !kinds.contains(.pan) && !kinds.contains(.tap), "\(kinds)")
        #expect(kinds.contains(.pinch))
    }

    @Test func fingersClosingPinchTheGridSmaller() throws {
        let e = try Self.run(Self.twoFingers(from: (20, 80), to: (45, 55)))
        let steps = Self.pinchSteps(e)
        guard case .began(let change)? = steps.first, case .finished? = steps.last else {
            Issue.record("\(steps)"); return
        }
        #expect(change.columns == 5 && e.metrics.columns == 5)
    }

    @Test func aPinchThatComesBackIsCancelledAndTheLayoutStays() throws {
        // Spread 20 → 30 mm (the pinch begins), then back to 21 mm before the lift.
        var frames = Self.twoFingers(from: (40, 60), to: (35, 65), steps: 10)
        frames.removeLast(2)
        for k in 1...10 { frames.append(Self.both(110 + Int64(k) * 10, 35 + 0.45 * Double(k), 35, 65 - 0.45 * Double(k), 35)) }
        frames += [T.up(230), T.up(240, slot: 1)]
        let e = try Self.run(frames)
        let steps = Self.pinchSteps(e)
        guard case .began? = steps.first, case .cancelled? = steps.last else { Issue.record("\(steps)"); return }
        #expect(e.metrics.columns == 3)
    }

    @Test func twoFingersMovingTogetherStillScrollAsFarAsWithoutThePinch() throws {
        // 20 mm towards the user, side by side (and diagonally, and up).
        for (from, to) in [((35.0, 35.0), (55.0, 55.0)), ((20, 10), (45, 35))] as [((Double, Double), (Double, Double))] {
            let frames = Self.twoFingers(from: (40, 60), to: (40, 60), y: (from.0, to.0), steps: 20)
            let with = try Self.run(frames), without = try Self.run(frames, pinch: false)
            #expect(Self.pinchSteps(with).isEmpty)
            #expect(T.gestures(with).contains { $0.kind == .scroll })
            #expect(!T.gestures(with).contains { $0.kind == .pinch })
            #expect(with.contentOffset > 0 && with.contentOffset == without.contentOffset,
                    "\(with.contentOffset) against \(without.contentOffset)")
            _ = to
        }
        // Sideways and slowly (past 150 ms, the two fingers 20 mm apart): a scroll, not a pinch.
        let slow = Self.twoFingers(from: (40, 60), to: (40, 60), y: (30, 30), steps: 4)
        #expect(Self.pinchSteps(try Self.run(slow)).isEmpty)
    }

    @Test func withoutPinchLayoutsFingersSpreadingScrollNothingAndPinchNothing() throws {
        // As before the pinch: the fingers move in opposite ways, their mean stays: no pinch, no layout change.
        let e = try Self.run(Self.twoFingers(from: (40, 60), to: (20, 80)), pinch: false)
        #expect(Self.pinchSteps(e).isEmpty && e.metrics.columns == 3)
        #expect(!T.gestures(e).contains { $0.kind == .pinch })
    }

    @Test func fingersAtOnePointAreHarmless() throws {
        // Both fingers land at one point and stay: nothing is decided.
        var still = [T.down(0, id: 1, x: 50, y: 35), T.down(10, slot: 1, id: 2, x: 50, y: 35)]
        still += (1...30).map { Self.both(10 + Int64($0) * 10, 50, 35, 50, 35) }
        still += [T.up(400), T.up(410, slot: 1)]
        let a = try Self.run(still)
        #expect(Self.pinchSteps(a).isEmpty && a.metrics.columns == 3)
        // From one point apart (the pinch's span measured from 1 mm), and
        // back onto one point: a finite scale, the layout whole.
        let apart = Self.twoFingers(from: (50, 50), to: (30, 70))
        let b = try Self.run(apart)
        guard case .finished? = Self.pinchSteps(b).last else { Issue.record("\(Self.pinchSteps(b))"); return }
        var meet = Self.twoFingers(from: (30, 70), to: (50, 50))
        meet.insert(Self.both(5, 30, 35, 70, 35), at: 1)
        let c = try Self.run(meet)
        for step in Self.pinchSteps(c) { if case .cancelled(let p) = step { #expect(p.isFinite) } }
        #expect(c.model.numberOfItems == 60)
    }

    @Test func absurdResolutionsAreHarmless() throws {
        for resolution: Int32 in [1, Int32.max, 0, -5] {
            var pad = T.pad
            for code in [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY] { pad.absInfo[code]?.resolution = resolution }
            let e = try Self.run(Self.twoFingers(from: (40, 60), to: (20, 80)), device: pad)
            #expect(e.model.numberOfItems == 60)
            for step in Self.pinchSteps(e) {
                if case .cancelled(let p) = step { #expect(p.isFinite) }
            }
        }
    }

    @Test func aThirdFingerOrAClickCancelsThePinch() throws {
        var frames = Self.twoFingers(from: (40, 60), to: (30, 70), steps: 10)
        frames.removeLast(2)
        frames.append(T.frame(130, [(EventType.key, KeyCode.btnLeft, 1)]))
        frames += [T.frame(150, [(EventType.key, KeyCode.btnLeft, 0)]), T.up(170), T.up(180, slot: 1)]
        let e = try Self.run(frames)
        guard case .began? = Self.pinchSteps(e).first, case .cancelled? = Self.pinchSteps(e).last else {
            Issue.record("\(Self.pinchSteps(e))"); return
        }
        #expect(e.metrics.columns == 3)
    }

    @Test func theStreamEndingMidPinchCancelsIt() throws {
        var frames = Self.twoFingers(from: (40, 60), to: (30, 70), steps: 10)
        frames.removeLast(2)
        let e = try Self.run(frames)
        guard case .began? = Self.pinchSteps(e).first, case .cancelled? = Self.pinchSteps(e).last else {
            Issue.record("\(Self.pinchSteps(e))"); return
        }
        #expect(e.layoutPinch == nil && e.metrics.columns == 3)
    }

    /// Seeded random two-finger play on the clickpad (parting, closing,
    /// drifting, lifting, clicking, a slot the pad does not have): the engine's
    /// invariants hold after every frame, nothing is lost, nothing is left
    /// in flight after the end.
    @Test func randomTwoFingerPlayKeepsTheEngineWhole() throws {
        var pinched = 0
        for seed in UInt64(1)...40 {
            var rng = SeededGenerator(seed: seed)
            var e = try Self.engine()
            var ms: Int64 = 0
            var down: [Int32: (Double, Double)] = [:]
            for _ in 0..<120 {
                ms += Int64(rng.next() % 30) + 5
                let slot = Int32(rng.next() % 3)
                switch rng.next() % 10 {
                case 0 where down[slot] == nil:
                    let p = (Double(rng.next() % 100), Double(rng.next() % 70))
                    down[slot] = p
                    e.handle(T.down(ms, slot: slot, id: Int32(rng.next() % 50), x: p.0, y: p.1))
                case 1 where down[slot] != nil:
                    down[slot] = nil
                    e.handle(T.up(ms, slot: slot))
                case 2:
                    e.handle(T.button(ms, rng.next() % 2 == 0))
                default:
                    // The fingers down part or close (or drift) a little.
                    let k = Double(Int(rng.next() % 7) - 3) * 0.8, drift = Double(Int(rng.next() % 5) - 2) * 0.5
                    var events: [T.E] = []
                    for (s, p) in down.sorted(by: { $0.key < $1.key }) {
                        let q = (min(100, max(0, p.0 + (s == 0 ? -k : k) + drift)), min(70, max(0, p.1 + drift)))
                        down[s] = q
                        events += [(EventType.abs, AbsCode.mtSlot, s), (EventType.abs, AbsCode.mtPositionX, T.u(q.0)),
                                   (EventType.abs, AbsCode.mtPositionY, T.u(q.1))]
                    }
                    e.handle(T.frame(ms, events))
                }
                if e.layoutPinch != nil { pinched += 1 }
                #expect(e._invariantViolations().isEmpty, "seed \(seed)")
            }
            e.finish()
            // Nothing lost: what is shown and what the journal deleted (a swipe's Delete) make the 60.
            var net = 0
            for entry in e.journal.entries {
                for op in entry.batch.operations {
                    switch op {
                    case .deleteItem: net += 1
                    case .insertItem: net -= 1
                    case .deleteSection, .insertSection, .reloadItem, .moveItem, .moveSection, .reloadSection: break
                    }
                }
            }
            #expect(e.layoutPinch == nil && e.nextDeadline == nil && e.model.numberOfItems + net == 60, "seed \(seed)")
        }
        #expect(pinched > 0)
    }

    /// One code path: the evdev touchpad's pinch and the same pinch handed
    /// to a toolkit session (`ToolkitSession.touchpadPinch`, as GTK's
    /// `GDK_TOUCHPAD_PINCH` is, the tracker's scales at the same times, on
    /// a screen where the toolkit's 160 points are the fingers' span) make
    /// the same layout pinch: spreading, coming back, and closing.
    @Test(arguments: [((40.0, 60.0), (20.0, 80.0)), ((40, 60), (37, 63)), ((20, 80), (45, 55))])
    func theTouchpadPinchesAsAToolkitsPinchDoes(_ from: (Double, Double), _ to: (Double, Double)) throws {
        let frames = Self.twoFingers(from: from, to: to)
        var tracker = TouchpadTracker(device: T.pad)
        tracker.recognizesPinch = true
        var steps: [(time: EventTime, pinch: TouchpadPinch)] = []
        for f in frames {
            _ = tracker.process(f)
            if let p = tracker.pinch { steps.append((f.time, p)) }
        }
        let span = try #require(steps.first?.pinch.spanMillimetres)
        let input = ToolkitInput(viewport: Size(width: 400, height: 640),
                                 pointsPerMillimetre: ToolkitSession.touchpadPinchSpan / span)
        var session = ToolkitSession(engine: try Engine(scene: Scene.decode(Self.scene), device: input.touchDevices[0],
                                                        recordingTranscript: true), input: input)
        for (time, pinch) in steps {
            try session.touchpadPinch(pinch.phase, scale: pinch.scale, at: Point(x: 200, y: 320), time: time)
        }
        session.finish()
        let touchpad = try Self.run(frames)
        func kinds(_ e: Engine) -> [String] {
            Self.pinchSteps(e).map { step in
                switch step {
                case .began(let c): "began \(c.columns ?? 0)"
                case .finished(let c): "finished \(c.columns ?? 0)"
                case .cancelled: "cancelled"
                case .beganInto(let name): "began \(name)"
                case .finishedInto(let name): "finished \(name)"
                }
            }
        }
        #expect(!kinds(touchpad).isEmpty)
        #expect(kinds(touchpad) == kinds(session.engine))
        #expect(touchpad.metrics.columns == session.engine.metrics.columns)
        // The pinch began at the same moment, around the pointer (the toolkit
        // moves its two fingers in two frames, the touchpad in one: the
        // toolkit's begins on the frame where one has moved, a few points off).
        func began(_ e: Engine) -> (Int64, Point)? {
            e.transcript.entries.lazy.compactMap { entry -> (Int64, Point)? in
                if case .gesture(let g) = entry.event, case .pinch(.began, let m) = g { (entry.offset + (e.origin?.microseconds ?? 0), m.centre) } else { nil }
            }.first
        }
        let a = try #require(began(touchpad)), b = try #require(began(session.engine))
        #expect(a.0 == b.0 && a.1 == Point(x: 200, y: 320) && a.1.distance(to: b.1) < 8, "\(a) against \(b)")
    }
}
