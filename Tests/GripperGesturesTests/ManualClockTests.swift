import GripperInput
import GripperTesting
import Testing

@Suite struct ManualClockTests {
    @Test func firesInDeadlineOrderTiesInSchedulingOrder() {
        var clock = ManualClock<String>()
        clock.schedule("c", at: ms(30))
        clock.schedule("a1", at: ms(10))
        clock.schedule("b", at: ms(20))
        clock.schedule("a2", at: ms(10))
        #expect(clock.advance(to: ms(9.999)).isEmpty)
        #expect(clock.advance(to: ms(10)).map(\.payload) == ["a1", "a2"])
        #expect(clock.advance(by: .milliseconds(20)).map(\.payload) == ["b", "c"])
        #expect(clock.now == ms(30))
        #expect(clock.pendingCount == 0)
    }

    @Test func timeNeverGoesBack() {
        var clock = ManualClock<Int>(start: ms(100))
        clock.schedule(1, at: ms(50)) // in the past: due now
        #expect(clock.nextDeadline == ms(100))
        #expect(clock.advance(to: ms(40)).isEmpty)
        #expect(clock.now == ms(100))
        #expect(clock.advance(to: ms(100)).map(\.payload) == [1])
    }

    @Test func cancelledItemsDoNotFire() {
        var clock = ManualClock<Int>()
        let token = clock.schedule(1, at: ms(10))
        clock.schedule(2, at: ms(10))
        let first = clock.cancel(token)
        let second = clock.cancel(token)
        #expect(first)
        #expect(!second)
        #expect(clock.advance(to: ms(10)).map(\.payload) == [2])
    }

    @Test func runFiresEachItemAtItsOwnTimeIncludingOnesScheduledOnTheWay() {
        var clock = ManualClock<Int>()
        clock.schedule(1, at: ms(10))
        var seen: [(Int, EventTime)] = []
        clock.run(until: ms(35)) { clock, item in
            seen.append((item.payload, clock.now))
            if item.payload < 4 { clock.schedule(item.payload + 1, after: .milliseconds(10)) }
        }
        #expect(seen.map(\.0) == [1, 2, 3])
        #expect(seen.map(\.1) == [ms(10), ms(20), ms(30)])
        #expect(clock.now == ms(35))
        #expect(clock.nextDeadline == ms(40))
    }
}
