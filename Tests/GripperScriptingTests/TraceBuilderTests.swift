import Testing
import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTesting
import GripperTraces

@Suite struct TraceBuilderTests {
    let screen = TestDevices.probeTouchscreen
    let mouse = TestDevices.probeMouse

    /// Writes the builder's trace as evemu, reads it back and tracks it.
    func roundTrip(_ builder: TraceBuilder) throws -> (Trace, TraceSummary) {
        let text = EvemuFormat.write(builder.trace)
        let trace = try EvemuFormat.read(text, fileName: "built.evemu")
        #expect(trace.events == builder.events)
        #expect(trace.frames == builder.frames)
        return (trace, TraceSummary(device: trace.device, frames: trace.frames))
    }

    @Test func aTapWritesWhatTheKernelWrites() throws {
        var b = TraceBuilder(device: screen, seed: 1, configuration: .init(tremorMillimetres: 0))
        b.tap(at: .fraction(0.25, 0.5), duration: .milliseconds(80))
        let frames = b.frames
        let first = try #require(frames.first)
        let x = Int32((0.25 * 4095).rounded()), y = Int32((0.5 * 4095).rounded())
        #expect(first.events.map { [Int($0.type), Int($0.code), Int($0.value)] } == [
            [3, Int(AbsCode.mtTrackingID), 1], [3, Int(AbsCode.mtPositionX), Int(x)], [3, Int(AbsCode.mtPositionY), Int(y)],
            [1, Int(KeyCode.btnTouch), 1], [3, Int(AbsCode.x), Int(x)], [3, Int(AbsCode.y), Int(y)],
        ])
        // No tremor and no movement: nothing changes until the lift.
        #expect(frames.count == 2)
        let last = try #require(frames.last)
        #expect(last.events.map { [Int($0.code), Int($0.value)] } == [[Int(AbsCode.mtTrackingID), -1], [Int(KeyCode.btnTouch), 0]])
        let held = (last.time - first.time).secondsDouble
        #expect(held >= 0.080 - 0.002 && held <= 0.080 + 2.0 / 120 + 0.002)
        // Only the SYN_REPORT closes frames, every event of a frame shares its time.
        #expect(b.events.filter(\.isSynReport).count == 2)
        for f in frames { #expect(f.events.allSatisfy { $0.time == f.time }) }
    }

    @Test func aSecondTapAtTheSamePlaceOmitsThePosition() throws {
        var b = TraceBuilder(device: screen, seed: 1, configuration: .init(tremorMillimetres: 0))
        b.tap(at: .mm(100, 100))
        b.pause(.milliseconds(200))
        b.tap(at: .mm(100, 100))
        let downs = b.frames.filter { $0.events.contains { $0.code == AbsCode.mtTrackingID && $0.value >= 0 } }
        #expect(downs.count == 2)
        #expect(downs[1].events.map(\.code) == [AbsCode.mtTrackingID, KeyCode.btnTouch])
        let (_, summary) = try roundTrip(b)
        #expect(summary.contactCount == 2)
        #expect(summary.contacts[1].startMillimetres == Point(x: 100, y: 100))
    }

    @Test func framesComeAt100To125HertzWithJitter() {
        var b = TraceBuilder(device: screen, seed: 3)
        b.drag(from: .fraction(0.1, 0.1), to: .fraction(0.9, 0.9))
        let times = b.frames.map(\.time.microseconds)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 > 0 })
        let mean = Double(times.last! - times.first!) / Double(gaps.count)
        #expect(mean > 8_000 && mean < 10_000, "mean frame gap \(mean) µs")
        // Jitter: the gaps are not all equal, and stay within ±2 ms of a
        // whole number of periods (a frame where nothing changed is not sent).
        #expect(Set(gaps).count > 10)
        for gap in gaps {
            let periods = (Double(gap) / 8333).rounded()
            #expect(periods >= 1 && Swift.abs(Double(gap) - periods * 8333) <= 2001, "gap \(gap) µs")
        }
        #expect(gaps.filter { $0 < 8333 + 2001 }.count * 10 > gaps.count * 8)
    }

    @Test func theSameSeedGivesTheSameTraceAndAnotherSeedAnother() {
        func build(_ seed: UInt64) -> [RawEvent] {
            var b = TraceBuilder(device: screen, seed: seed)
            b.swipe(from: .mm(20, 100), to: .mm(200, 100))
            return b.events
        }
        #expect(build(5) == build(5))
        #expect(build(5) != build(6))
    }

    @Test func aDragTracksToTheScriptedPathWithEasing() throws {
        var b = TraceBuilder(device: screen, seed: 11)
        b.drag(from: .mm(50, 60), to: .mm(50, 200), hold: .milliseconds(600), duration: .milliseconds(500),
               holdAtEnd: .milliseconds(100))
        let (_, summary) = try roundTrip(b)
        #expect(summary.contactCount == 1)
        let c = summary.contacts[0]
        #expect(c.outcome == .ended)
        #expect(c.startMillimetres.distance(to: Point(x: 50, y: 60)) < 0.2)
        #expect(c.endMillimetres.distance(to: Point(x: 50, y: 200)) < 0.2)
        #expect(c.durationSeconds > 1.2 - 0.002 && c.durationSeconds < 1.2 + 2.0 / 120 + 0.002)
        // Ease in and out: the middle of the move is faster than its start.
        let frames = ContactTracker.track(b.frames, device: screen)
        let ys = frames.compactMap { $0.contacts.first?.millimetres.y }
        let steps = zip(ys.dropFirst(), ys).map { $0 - $1 }
        let moving = steps.enumerated().filter { $0.element > 0.5 }
        #expect(moving.count > 20)
        let middle = moving[moving.count / 2].element
        #expect(middle > moving.first!.element * 2)
    }

    @Test func twoFingersGetTwoSlots() throws {
        var b = TraceBuilder(device: screen, seed: 2)
        b.perform([
            TraceBuilder.Stroke(at: .fraction(0.3, 0.7)).moving(to: .fraction(0.3, 0.3), over: .milliseconds(400)),
            TraceBuilder.Stroke(at: .fraction(0.6, 0.7), after: .milliseconds(20))
                .moving(to: .fraction(0.6, 0.3), over: .milliseconds(400)),
        ])
        #expect(b.events.contains { $0.code == AbsCode.mtSlot && $0.value == 1 })
        let (_, summary) = try roundTrip(b)
        #expect(summary.contactCount == 2)
        #expect(summary.maxConcurrentContacts == 2)
        #expect(Swift.abs(summary.contacts[1].startSeconds - summary.contacts[0].startSeconds - 0.020) < 0.012)
        let upm = try #require(screen.unitsPerMillimetre)
        for (c, x) in zip(summary.contacts, [0.3, 0.6]) {
            #expect(Swift.abs(c.endMillimetres.x - x * 4095 / upm.x) < 0.2)
            #expect(Swift.abs(c.endMillimetres.y - 0.3 * 4095 / upm.y) < 0.2)
        }
    }

    @Test func aSingleTouchDeviceGetsAbsXYAndBtnTouch() throws {
        var b = TraceBuilder(device: TrackerTest.singleTouchScreen, seed: 4)
        b.swipe(from: .fraction(0.1, 0.5), to: .fraction(0.9, 0.5))
        #expect(!b.events.contains { $0.code == AbsCode.mtTrackingID && $0.type == EventType.abs })
        let summary = TraceSummary(device: TrackerTest.singleTouchScreen, frames: b.frames)
        #expect(summary.contactCount == 1)
        #expect(Swift.abs(summary.contacts[0].endMillimetres.x - 225) < 0.3)
    }

    @Test func aMouseClickTravelsThenPresses() throws {
        var b = TraceBuilder(device: mouse, seed: 1)
        b.tap(at: .fraction(0.75, 0.5))
        b.pause(.milliseconds(300))
        b.drag(from: .units(x: 960, y: 400), to: .units(x: 960, y: 600))
        b.scroll(detents: 3)
        #expect(b.events.contains { $0.type == EventType.msc && $0.value == 0x90001 })
        let (trace, summary) = try roundTrip(b)
        #expect(summary.contactCount == 2)
        #expect(summary.scrollDetents == Point(x: 0, y: 3))
        // The pointer starts at the centre of the 1280 × 800 area: a viewport
        // of that size at the default factor sees the click at 75 %, 50 %.
        var tracker = ContactTracker(device: trace.device)
        var viewport = Viewport(device: trace.device, rect: Rect(x: 0, y: 0, width: 1280, height: 800))
        var downs: [Point] = []
        var ups: [Point] = []
        for f in trace.frames {
            let mapped = viewport.map(tracker.process(f))
            downs += mapped.contacts.filter { $0.phase == .began }.map(\.location)
            ups += mapped.contacts.filter { $0.phase == .ended }.map(\.location)
        }
        #expect(downs == [Point(x: 960, y: 400), Point(x: 960, y: 400)])
        #expect(ups == [Point(x: 960, y: 400), Point(x: 960, y: 600)])
    }

    @Test func scriptedTouchesTrackBackToTheScript() throws {
        // Seeded random scripts: 1–4 fingers with random paths and delays.
        for seed in UInt64(1)...40 {
            var rng = SeededGenerator(seed: seed)
            let count = Int(rng.next() % 4) + 1
            var strokes: [TraceBuilder.Stroke] = []
            var ends: [Point] = []
            for i in 0..<count {
                let start = Point(x: 20 + Double(i) * 60, y: rng.unit() * 200 + 20)
                let end = Point(x: start.x + rng.unit() * 20, y: rng.unit() * 200 + 20)
                ends.append(end)
                strokes.append(TraceBuilder.Stroke(at: .mm(start.x, start.y), after: .milliseconds(Int64(rng.next() % 100)))
                    .holding(.milliseconds(Int64(rng.next() % 300)))
                    .moving(to: .mm(end.x, end.y), over: .milliseconds(Int64(50 + rng.next() % 500))))
            }
            var b = TraceBuilder(device: screen, seed: seed)
            b.perform(strokes)
            let summary = TraceSummary(device: screen, frames: b.frames)
            #expect(summary.contactCount == count, "seed \(seed)")
            #expect(summary.contacts.allSatisfy { $0.outcome == .ended }, "seed \(seed)")
            // Contacts begin in delay order; match each stroke by its end x column.
            for end in ends {
                let nearest = summary.contacts.min { $0.endMillimetres.distance(to: end) < $1.endMillimetres.distance(to: end) }
                #expect((nearest?.endMillimetres.distance(to: end) ?? .infinity) < 0.2, "seed \(seed)")
            }
        }
    }
}
