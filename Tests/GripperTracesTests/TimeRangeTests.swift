import Testing
import GripperInput
import GripperTesting
import GripperFiles
import GripperScripting
import GripperTraces

/// Time arithmetic at the edges of `Int64` and `Double`: nothing traps, a
/// reader rejects times past ``EventTime/maximumSeconds`` with a located
/// error, internal arithmetic clamps.
@Suite struct TimeRangeTests {
    /// A duration's rounded microseconds and seconds come from one word of
    /// attoseconds under ±9 s and from `components` past it: both agree
    /// with the 128-bit arithmetic, on both sides of where the word stops,
    /// at every half microsecond and at random.
    @Test func durationsUnderNineSecondsRoundAsTheWideArithmetic() {
        func wide(_ d: Duration) -> Int64 {
            let (s, atto) = d.components
            let (us, overflow) = s.multipliedReportingOverflow(by: 1_000_000)
            precondition(!overflow)
            return us + (atto + (atto >= 0 ? 500_000_000_000 : -500_000_000_000)) / 1_000_000_000_000
        }
        var durations: [Duration] = []
        for base in [Int64(0), 1, 16_000, 8_999_999, 9_000_000, 9_000_001, 9_223_372, 9_223_373, 20_000_000] {
            for sign in [Int64(1), -1] {
                for sub in [Int64(0), 1, 499_999_999_999, 500_000_000_000, 500_000_000_001, 999_999_999_999] {
                    durations.append(.microseconds(sign * base) + Duration(secondsComponent: 0,
                                                                            attosecondsComponent: sign * sub))
                }
            }
        }
        var g = SeededGenerator(seed: 7)
        for _ in 0..<10_000 {
            durations.append(Duration(secondsComponent: Int64(g.int(-12...12)),
                                      attosecondsComponent: Int64(g.int(-999_999_999_999_999_999...999_999_999_999_999_999))))
        }
        for d in durations {
            #expect(d.microsecondsRounded == wide(d), "\(d)")
            #expect(d.secondsDouble == d / .seconds(1), "\(d)")
        }
    }

    static let header = "N: Dev\nI: 0003 0001 0002 0003\nB: 03 03 00 00 00 00 00 00 00\nA: 00 0 100 0 0 0\nA: 01 0 100 0 0 0\n"

    func evemuError(_ body: String) -> TraceError? {
        do {
            _ = try EvemuFormat.read(Self.header + body, fileName: "t.evemu")
            return nil
        } catch {
            return error
        }
    }

    @Test func evemuTimesBeyondTheRangeAreLocatedErrors() throws {
        let error = try #require(evemuError("E: 9999999999999.0 0 0 0\n"))
        #expect(error.reason == .timeOutOfRange("9999999999999.0"))
        #expect(error.line == 6 && error.column == 4)
        #expect(error.description == "t.evemu:6:4: time 9999999999999.0 is out of range (0 to 9000000000000 seconds)")
        // Both sides of the boundary, and numbers far past Int64 and UInt64.
        #expect(evemuError("E: 9000000000000.999999 0000 0000 0000\n") == nil)
        #expect(evemuError("E: 9000000000001.000000 0000 0000 0000\n")?.reason == .timeOutOfRange("9000000000001.000000"))
        let huge = String(repeating: "9", count: 400)
        if case .timeOutOfRange(let text)? = evemuError("E: \(huge).5 0 0 0\n")?.reason {
            #expect(text.count <= 64)
        } else {
            Issue.record("no timeOutOfRange for a 400-digit time")
        }
        // The allocation-free path (12 digits at most) and the checked one agree.
        let trace = try EvemuFormat.read(Self.header + "E: 999999999999.999999 0000 0000 0000\nE: 8999999999999.5 0000 0000 0000\n", fileName: "t.evemu")
        #expect(trace.events.map(\.time.microseconds) == [999_999_999_999_999_999, 8_999_999_999_999_000_005])
    }

    @Test func libinputRecordTimesBeyondTheRangeAreLocatedErrors() {
        let yaml = TraceErrorTests.yaml.replacingOccurrences(of: "[  0,      1,   0,   0,       0]", with: "[9000000000001, 0, 0, 0, 0]")
        do {
            _ = try LibinputRecordFormat.read(yaml, fileName: "t.yml")
            Issue.record("no error")
        } catch {
            #expect(error.reason == .timeOutOfRange("9000000000001.0"))
            #expect(error.line == 18)
        }
        let bigger = TraceErrorTests.yaml.replacingOccurrences(of: "[  0,      1,   0,   0,       0]", with: "[99999999999999999999999, 0, 0, 0, 0]")
        #expect(throws: TraceError.self) { try LibinputRecordFormat.read(bigger, fileName: "t.yml") }
    }

    @Test func conversionsRejectWhatDoesNotFit() {
        #expect(EventTime(checkedSeconds: EventTime.maximumSeconds, microseconds: 999_999) != nil)
        #expect(EventTime(checkedSeconds: EventTime.maximumSeconds + 1, microseconds: 0) == nil)
        #expect(EventTime(checkedSeconds: -1, microseconds: 0) == nil)
        #expect(EventTime(checkedSeconds: 0, microseconds: 1_000_000) == nil)
        #expect(EventTime(checkedSeconds: 0, microseconds: -1) == nil)
        for bad in [Double.nan, .infinity, -.infinity, 1e300, -1e300, Double(EventTime.maximumSeconds) * 2, .greatestFiniteMagnitude] {
            #expect(EventTime(seconds: bad) == nil, "\(bad)")
            #expect(Duration.microseconds(checkedSeconds: bad) == nil, "\(bad)")
        }
        #expect(EventTime(seconds: -0.0) == .zero)
        #expect(EventTime(seconds: 1.5)?.microseconds == 1_500_000)
        #expect(EventTime(seconds: Double(EventTime.maximumSeconds))?.microseconds == EventTime.maximumSeconds * 1_000_000)
        #expect(Duration.microseconds(checkedSeconds: 0.25) == .milliseconds(250))
    }

    @Test func arithmeticClampsAtTheEdges() {
        let max = EventTime(microseconds: .max), min = EventTime(microseconds: .min)
        #expect(max + .seconds(1) == max)
        #expect(min - .seconds(1) == min)
        #expect(min + .seconds(-1) == min)
        #expect(max - .seconds(-1) == max)
        #expect(EventTime(microseconds: .max - 5) + .microseconds(5) == max)
        #expect(EventTime(microseconds: .max - 5) + .microseconds(4) == EventTime(microseconds: .max - 1))
        #expect(EventTime.zero + .seconds(Int64.max) == max)
        #expect(EventTime.zero - .seconds(Int64.max) <= EventTime(microseconds: .min + 1))
        #expect(EventTime.zero + .seconds(Int64.max) * 10 == max)
        #expect(EventTime.zero - .seconds(Int64.max) * 10 <= EventTime(microseconds: .min + 1))
        #expect((Duration.seconds(Int64.max) * 10).secondsDouble > 9e19)
        #expect(Duration.seconds(Int64.max).microsecondsRounded == .max)
        #expect(Duration.seconds(Int64.min).microsecondsRounded == .min)
        // Exact up to the bound, on both sides of it.
        #expect(Duration.microseconds(Int64.max).microsecondsRounded == .max)
        #expect(Duration.microseconds(Int64.max - 1).microsecondsRounded == .max - 1)
        #expect(Duration.microseconds(Int64.min).microsecondsRounded == .min)
        #expect(Duration.microseconds(Int64.min + 1).microsecondsRounded == .min + 1)
        #expect((Duration.microseconds(Int64.max - 1) + .nanoseconds(499)).microsecondsRounded == .max - 1)
        #expect((Duration.microseconds(Int64.max - 1) + .nanoseconds(500)).microsecondsRounded == .max)
        #expect(Duration.seconds(9_223_372_036_854).microsecondsRounded == 9_223_372_036_854_000_000)
        #expect(Duration.seconds(9_223_372_036_855).microsecondsRounded == .max)
        #expect(Duration.seconds(9_223_372_036_856).microsecondsRounded == .max)
        #expect(Duration.seconds(-9_223_372_036_855).microsecondsRounded == .min)
        #expect(Duration.seconds(-9_223_372_036_856).microsecondsRounded == .min)
        #expect(Duration.nanoseconds(-1_500).microsecondsRounded == -2)
        #expect(Duration.nanoseconds(-1_499).microsecondsRounded == -1)
        #expect(EventTime(seconds: .max, microseconds: 0) == max)
        #expect(EventTime(seconds: .min, microseconds: 0) == min)
        #expect(EventTime(seconds: 9_223_372_036_854, microseconds: 999_999) == max)
        #expect(EventTime.milliseconds(.max) == max)
        #expect(EventTime.milliseconds(.min) == min)
        // Differences are exact: a Duration holds any of them.
        #expect((max - min) == .microseconds(Int64.max) * 2 + .microseconds(1))
        #expect(max.microseconds(since: min) == .max)
        #expect(min.microseconds(since: max) == .min)
        #expect(EventTime(microseconds: 7).microseconds(since: EventTime(microseconds: 2)) == 5)
    }

    @Test func printingTheExtremesDoesNotTrap() {
        let min = EventTime(microseconds: .min), max = EventTime(microseconds: .max)
        #expect(min.wholeSeconds == -9_223_372_036_855)
        #expect(min.microsecondsOfSecond == 224_192)
        #expect(max.wholeSeconds == 9_223_372_036_854)
        #expect(max.microsecondsOfSecond == 775_807)
        #expect(min.description == "-9223372036855.224192")
        #expect(max.description == "9223372036854.775807")
        #expect(EventTime(microseconds: -1).description == "-1.999999")
        #expect(EventTime(microseconds: -1_000_000).description == "-1.000000")
    }
}
