import GripperEvdev
import GripperInput
import Testing

/// `LiveLag`: frames later than libinput's 20 ms are counted, at 20 ms exactly not.
@Suite struct LiveLagTests {
    @Test func countsFramesPastTwentyMilliseconds() {
        var lag = LiveLag()
        #expect(lag.warning == nil)
        lag.record(.milliseconds(20), frameAt: EventTime(microseconds: 1_000))
        #expect(lag.lateFrames == 0 && lag.frames == 1 && lag.warning == nil)
        lag.record(.microseconds(20_001), frameAt: EventTime(microseconds: 2_000))
        lag.record(.microseconds(35_240), frameAt: EventTime(microseconds: 3_000))
        lag.record(.microseconds(150), frameAt: EventTime(microseconds: 4_000))
        #expect(lag.frames == 4 && lag.lateFrames == 2)
        #expect(lag.worst == .microseconds(35_240))
        #expect(lag.lastLateAt == EventTime(microseconds: 3_000))
        #expect(lag.warning == "2 of 4 frames were handled more than 20 ms after the kernel stamped them (worst 35.2 ms): "
                + "the machine is too busy, or something blocks the loop")
    }
}
