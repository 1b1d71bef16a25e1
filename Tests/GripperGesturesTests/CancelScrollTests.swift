import GripperGeometry
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput
import Testing

@Suite struct CancelScrollTests {
    @Test func cancelFromOutsideCancelsAPanAndIgnoresTheRestOfTheTouch() {
        var s = Script()
        s.stroke(from: 10, 10, to: 40, 10, at: 0, duration: 100, lift: nil)
        var d = Driver()
        d.feed(s)
        d.events += d.arena.cancel(at: ms(110))
        #expect(summary(d.events).last == "pan.cancelled")
        #expect(d.events.last?.time == ms(110))
        var rest = Script()
        rest.down(10, 10, at: 0) // only to have contact 1 in the script
        var after = rest
        after.frames = []
        after.move(50, 10, at: 150)
        after.up(at: 200)
        d.feed(after)
        #expect(summary(d.events).last == "pan.cancelled")
        #expect(d.arena.isIdle)
    }

    @Test func cancellingOnlyTheLongPressLeavesTheTap() {
        var s = Script()
        s.down(10, 10, at: 0)
        var d = Driver()
        d.feed(s)
        d.events += d.arena.cancel([.longPress], at: ms(50))
        var t = Script()
        t.down(10, 10, at: 0)
        t.frames = []
        t.up(at: 100)
        d.feed(t)
        #expect(summary(d.events) == ["tap.recognized"])
        d.advance(to: ms(2000))
        #expect(summary(d.events) == ["tap.recognized"])
        #expect(d.arena.isIdle)
    }

    @Test func cancelDuringALongPressReportsCancelled() {
        var s = Script()
        s.down(10, 10, at: 0)
        var d = Driver()
        d.feed(s)
        d.advance(to: ms(600))
        d.events += d.arena.cancel(at: ms(600))
        #expect(summary(d.events) == ["longPress.began", "longPress.cancelled"])
        #expect(d.arena.nextDeadline == nil)
    }

    @Test func cancelFiresTheDeadlinesDueFirst() {
        var s = Script()
        s.down(10, 10, at: 0)
        var arena = GestureArena()
        for f in s.frames { _ = arena.handle(f) }
        let events = arena.cancel(at: ms(700))
        #expect(summary(events) == ["longPress.began", "longPress.cancelled"])
        #expect(events.map(\.time) == [ms(500), ms(700)])
    }

    @Test func contactCancellationCancelsThePan() {
        var s = Script()
        s.stroke(from: 10, 10, to: 40, 10, at: 0, duration: 100, lift: nil)
        s.cancel(at: 120)
        let events = run(s)
        #expect(summary(events).last == "pan.cancelled")
        #expect(!events.contains { $0.kind == .swipe })
        #expect(events.last?.kind == .touch)
        #expect(events.last?.state == .cancelled)
    }

    @Test func finishCancelsATouchStillDown() {
        var s = Script()
        s.stroke(from: 10, 10, to: 40, 10, at: 0, duration: 100, lift: nil)
        var arena = GestureArena()
        var events: [GestureEvent] = []
        for f in s.frames { events += arena.handle(f) }
        events += arena.finish()
        #expect(summary(events).last == "pan.cancelled")
        #expect(arena.isIdle)
    }

    @Test func wheelIsAScroll() {
        var s = Script(pointer: true)
        s.wheel(0, 2, at: 10)
        s.wheel(-1, 0, at: 20)
        let events = run(s)
        #expect(events.map(\.kind) == [.scroll, .scroll])
        #expect(events.map(\.state) == [.recognized, .recognized])
        #expect(events.map(\.scrollDistance) == [Point(x: 0, y: 96), Point(x: -48, y: 0)])
        #expect(events.allSatisfy { $0.contactID == nil && $0.isPointer })
    }

    @Test func wheelDuringAClickDragDoesNotDisturbIt() {
        var s = Script(pointer: true)
        s.down(0, 0, at: 0)
        s.move(0, 1, at: 50)
        s.wheel(0, 1, at: 60)
        s.move(0, 2, at: 70)
        s.up(at: 80)
        let events = run(s)
        #expect(summary(events) == ["pan.began", "scroll.recognized", "pan.changed", "pan.ended"])
        #expect(events.first { $0.kind == .scroll }?.location == Point(x: 0, y: 4))
    }

    @Test func mouseClickAndClickDragUseTheSameRecognizers() {
        var s = Script(pointer: true)
        s.down(5, 5, at: 0)
        s.up(at: 150)
        s.down(5, 5, at: 1000)
        s.move(5.1, 5.2, at: 1100)
        s.move(6, 8, at: 1200)
        s.up(at: 1300)
        let events = run(s)
        #expect(summary(events) == ["tap.recognized", "pan.began", "pan.changed", "pan.ended"])
        #expect(events.allSatisfy { $0.isPointer })
    }

    @Test func timeNeverGoesBack() {
        var s = Script()
        s.down(10, 10, at: 100)
        s.up(at: 50) // stamped earlier: taken at 100
        let events = run(s)
        #expect(summary(events) == ["tap.recognized"])
        #expect(events.allSatisfy { $0.time == ms(100) })
    }
}

@Suite struct ExtremeInputTests {
    @Test func timesAtTheEndOfTheRangeDoNotTrap() {
        let late = EventTime(microseconds: .max - 10)
        let frames = [
            ContactFrame(time: late, contacts: [Contact(id: 1, phase: .began, position: .zero, millimetres: .zero)]),
            ContactFrame(time: late, contacts: [Contact(id: 1, phase: .ended, position: .zero, millimetres: .zero)]),
        ]
        var arena = GestureArena(configuration: .withDoubleTap)
        var events = arena.replay(frames)
        events += arena.fire(until: EventTime(microseconds: .max))
        #expect(events.filter { $0.kind == .tap }.count == 1)
        #expect(arena.isIdle)
    }

    @Test func timesFromTheStartOfTheRangeDoNotTrap() {
        let early = EventTime(microseconds: .min + 10)
        let frames = [
            ContactFrame(time: early, contacts: [Contact(id: 1, phase: .began, position: .zero, millimetres: .zero)]),
            ContactFrame(time: EventTime(microseconds: .max), contacts: [
                Contact(id: 1, phase: .ended, position: .zero, millimetres: Point(x: 30, y: 0)),
            ]),
        ]
        let events = GestureArena.events(for: frames)
        #expect(!events.contains { $0.kind == .swipe || $0.kind == .tap })
    }

    @Test func nonFiniteMillimetresDoNotTrap() {
        let frames = [
            ContactFrame(time: ms(0), contacts: [Contact(id: 1, phase: .began, position: .zero, millimetres: .zero)]),
            ContactFrame(time: ms(10), contacts: [
                Contact(id: 1, phase: .moved, position: .zero, millimetres: Point(x: .nan, y: .infinity)),
            ]),
            ContactFrame(time: ms(20), contacts: [Contact(id: 1, phase: .ended, position: .zero, millimetres: .zero)]),
        ]
        var arena = GestureArena()
        _ = arena.replay(frames)
        #expect(arena.isIdle)
    }
}
