@testable import GripperEvdev
import GripperInput
import Testing

/// `LiveClockStateMachine`: which first frames are on the reader's clock, the origin and
/// the offset either way.
@Suite struct LiveClockStateMachineTests {
    static let start = EventTime(seconds: 5000, microseconds: 0)
    static let arrival = start + .milliseconds(40)

    static func time(_ seconds: Double) -> EventTime {
        EventTime(microseconds: Int64((seconds * 1_000_000).rounded()))
    }

    @Test(arguments: [
        // On the reader's clock: from a second before the start up to the arrival.
        (start - .seconds(1), false),
        (start, false),
        (arrival, false),
        // Beyond either end: another clock.
        (start - .seconds(1) - .microseconds(1), true),
        (arrival + .microseconds(1), true),
    ])
    func theFirstFrameDecidesTheClock(_ stamp: EventTime, _ foreign: Bool) {
        var clock = LiveClockStateMachine(start: Self.start)
        let action = clock.frameArrived(stamped: stamp, at: Self.arrival)
        let origin = clock.origin
        #expect(clock.isForeign == foreign)
        if foreign {
            #expect(clock.offset == stamp - Self.arrival)
            #expect(origin == stamp - (Self.arrival - Self.start))
            #expect(action == .handOrigin(stamp - (Self.arrival - Self.start)))
        } else {
            #expect(clock.offset == .zero)
            #expect(origin == Self.start)
            #expect(action == .handOrigin(Self.start))
        }
        #expect(clock.frameArrived(stamped: stamp + .milliseconds(5), at: Self.arrival + .milliseconds(6)) == .none)
        #expect(clock.origin == origin)
    }

    @Test func aForeignClockIsRemeasuredAtEachFrameAndConverts() {
        var clock = LiveClockStateMachine(start: Self.start)
        // A script's times: 2 s into the script when the frame arrives.
        #expect(clock.frameArrived(stamped: Self.time(2), at: Self.arrival) == .handOrigin(Self.time(1.96)))
        #expect(clock.eventTime(Self.arrival) == Self.time(2))
        #expect(clock.readerTime(Self.time(2.5)) == Self.arrival + .milliseconds(500))
        _ = clock.frameArrived(stamped: Self.time(2.1), at: Self.arrival + .milliseconds(103))
        #expect(clock.offset == Self.time(2.1) - (Self.arrival + .milliseconds(103)))
        #expect(clock.origin == Self.time(1.96))
        #expect(clock.originNeeded() == .none)
        #expect(clock.isForeign)
        #expect(clock.origin == Self.time(1.96))
    }

    @Test func aForeignOriginIsNeverBelowZeroNorAfterTheFrame() {
        var early = LiveClockStateMachine(start: Self.start)
        // The script's t = 0 frame, read 40 ms after the start: the origin would be -0.04 s.
        #expect(early.frameArrived(stamped: .zero, at: Self.arrival) == .handOrigin(.zero))
        var late = LiveClockStateMachine(start: Self.start)
        #expect(late.frameArrived(stamped: Self.time(0.01), at: Self.arrival) == .handOrigin(.zero))
    }

    @Test func theSameClockKeepsOffsetZeroWhateverTheLatency() {
        var clock = LiveClockStateMachine(start: Self.start)
        _ = clock.frameArrived(stamped: Self.start + .milliseconds(10), at: Self.arrival)
        _ = clock.frameArrived(stamped: Self.start + .milliseconds(50), at: Self.start + .milliseconds(90))
        #expect(clock.offset == .zero)
        #expect(clock.eventTime(Self.arrival) == Self.arrival)
    }

    @Test func withoutAFrameFirstTheClocksAgree() {
        var clock = LiveClockStateMachine(start: Self.start)
        #expect(clock.originNeeded() == .handOrigin(Self.start))
        #expect(clock.originNeeded() == .none)
        // Decided: a later frame on another clock changes nothing.
        #expect(clock.frameArrived(stamped: Self.time(2), at: Self.arrival) == .none)
        #expect(clock.offset == .zero)
        #expect(clock.origin == Self.start)
    }
}
