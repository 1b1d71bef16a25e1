import GripperGeometry
@_spi(Benchmarks) import GripperGestures
import GripperInput
import Testing

@Suite struct LongPressTests {
    @Test func longPressDeadlineBoundary() {
        var s = Script()
        s.down(10, 10, at: 0)
        var d = Driver()
        d.feed(s)
        #expect(d.arena.nextDeadline == ms(300)) // the tap's maximum duration comes first
        d.advance(to: ms(499.999))
        #expect(d.gestures.isEmpty)
        #expect(d.arena.nextDeadline == ms(500))
        d.advance(to: ms(500))
        #expect(summary(d.events) == ["longPress.began"])
        #expect(d.gestures.first?.time == ms(500))
        #expect(d.gestures.first?.location == Point(x: 40, y: 40))
        #expect(d.arena.nextDeadline == nil)
    }

    @Test func liftAtTheDeadlineIsALongPress() {
        for (lift, expected) in [(499.999, ["tap.recognized"]), (500.0, ["longPress.began", "longPress.ended"])] {
            var s = Script()
            s.down(10, 10, at: 0)
            s.up(at: lift)
            #expect(summary(run(s)) == expected, "lift at \(lift) ms")
        }
    }

    @Test func movementAfterTheDeadlineBelongsToTheLongPress() {
        var s = Script()
        s.down(10, 10, at: 0)
        s.move(10.5, 10, at: 450)            // within the slop
        s.move(30, 10, at: 600)              // far past it, after the deadline: a drag
        s.move(50, 20, at: 700)
        s.up(at: 750)
        let events = run(s)
        #expect(summary(events) == ["longPress.began", "longPress.changed", "longPress.changed", "longPress.ended"])
        let ended = events.first { $0.kind == .longPress && $0.state == .ended }
        #expect(ended?.motion?.translation == Point(x: 160, y: 40))
        #expect(ended?.motion?.translationMillimetres == Point(x: 40, y: 10))
        #expect(ended?.motion?.startLocation == Point(x: 40, y: 40))
    }

    @Test func movementPastTheSlopBeforeTheDeadlineMakesAPan() {
        for (t, expected) in [(499.999, ["pan.began", "pan.ended"]), (500.0, ["longPress.began", "longPress.changed", "longPress.ended"])] {
            var s = Script()
            s.down(10, 10, at: 0)
            s.move(10, 12, at: t)
            s.up(at: 900)
            #expect(summary(run(s)) == expected, "moved at \(t) ms")
        }
    }

    @Test func failuresAreReportedWhenAskedFor() {
        var c = GestureConfiguration()
        c.reportsFailures = true
        var s = Script()
        s.down(10, 10, at: 0)
        s.up(at: 100)
        #expect(summary(run(s, c)) == ["longPress.failed", "swipe.failed", "tap.recognized"])
    }
}
