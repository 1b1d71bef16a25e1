import Testing
import GripperInput
import GripperScripting
import GripperTesting
import GripperTraces

/// The evemu reader's fast path (plain `E:` lines read eight bytes at a
/// time) gives exactly what its checked line parser gives, for lines near
/// and far from the form evemu writes: the same event, or an error. A line
/// with a space before its `E:` always takes the checked parser, so each
/// line is read both ways and the answers compared.
@Suite struct EvemuFastPathTests {
    /// The probe touchscreen's description, as Gripper's evemu writer writes it.
    static let header = EvemuFormat.write(Trace(device: TestDevices.probeTouchscreen, events: []))

    /// A line evemu could write (half of them), or one with a field (or
    /// the spacing) taken from variants near and far from that form.
    static func line(_ g: inout SeededGenerator) -> String {
        func pick<T>(_ xs: [T]) -> T { xs[Int.random(in: 0..<xs.count, using: &g)] }
        func digits(_ n: Int) -> String { String((0..<n).map { _ in pick(Array("0123456789")) }) }
        func hex(_ v: Int, _ width: Int) -> String {
            let h = String(v, radix: 16, uppercase: Bool.random(using: &g))
            return String(repeating: "0", count: max(0, width - h.count)) + h
        }
        // Seconds start with 1: after the first line's 0.000001.
        var fields = ["E:", " ", "1" + pick(["", digits(2), digits(5)]), ".", digits(6), " ",
                      hex(pick([0, 1, 3, 3]), 4), " ", hex(pick([0, 0x35, 0x39, 0x2f]), 4), " ",
                      pick([digits(1), digits(4), "-" + digits(3)]),
                      pick(["", "\t# EV_ABS / ABS_MT_POSITION_X    1000", "\t# ------------ SYN_REPORT (0) ---------- +8ms"])]
        if Bool.random(using: &g) {
            let k = Int.random(in: 0..<fields.count, using: &g)
            let variants: [[String]] = [
                ["E:", "E;", "E"], [" ", "  ", "", "\t"],
                ["1" + digits(7), "1" + digits(8), "1" + digits(11), "1" + digits(12), "", "1a"], [".", ",", ""],
                [digits(1), digits(5), digits(7), "", "12x456"], [" ", "  ", "\t", ""],
                [hex(pick([0, 1, 2, 3, 0x1f, 0x20, 0x7fff]), pick([1, 4, 5])), "00g3", ""], [" ", "  ", ""],
                [hex(pick([0x14a, 0x2ff, 0x300, 0xffff, 0x36]), pick([1, 2, 4, 5])), ""], [" ", "  ", "\t", ""],
                [digits(7), digits(8), digits(9), digits(10), "2147483647", "2147483648", "-2147483648", "-2147483649",
                 "-", "", "9999999999"],
                [" # a comment with é", "\t# tab\tinside", "\t# bell \u{7}", "\t# del \u{7f}", "\t#", " x", "\t", "\r",
                 "\t# " + String(repeating: "long ", count: Int.random(in: 0..<12, using: &g)), "\t# \u{80}"],
            ]
            fields[k] = pick(variants[k])
        }
        return fields.joined()
    }

    func read(_ lines: [String]) -> Result<[RawEvent], TraceError> {
        let text = Self.header + lines.joined(separator: "\n") + "\n"
        do { return .success(try EvemuFormat.read(text, fileName: "fast.evemu").events) } catch { return .failure(error) }
    }

    /// `lines` read as they are (the fast path) and each after a space (the
    /// checked parser) give the same events, or the same error; whether
    /// they were read.
    func readsAlike(_ lines: [String], _ what: String) -> Bool {
        let fast = read(lines), checked = read(lines.map { " " + $0 })
        switch (fast, checked) {
        case (.success(let a), .success(let b)):
            #expect(a == b, "\(what)")
            return true
        case (.failure(let a), .failure(let b)):
            #expect(a.line == b.line && a.reason == b.reason, "\(what): \(a) / \(b)")
        default:
            Issue.record("\(what): \(fast) / \(checked)")
        }
        return false
    }

    @Test func theFastPathAgreesWithTheCheckedParser() {
        var g = SeededGenerator(seed: 0x5eed_e7e0)
        var accepted = 0
        for round in 0..<3000 {
            // A valid first line (the fast path starts on event lines once
            // the events have begun), then the line under test.
            let first = "E: 0.000001 0003 0035 0100"
            let line = Self.line(&g)
            if readsAlike([first, line], "round \(round): \(line.debugDescription)") { accepted += 1 }
        }
        // Both kinds are exercised.
        #expect(accepted > 300 && accepted < 2700, "accepted \(accepted)")
    }

    /// The fast path keeps the last time's text and compares the next
    /// line's with it instead of reading the digits again (a frame's lines
    /// share their time): runs of lines whose times repeat, differ by a
    /// digit, a length or the spacing, or are too long to keep, read the
    /// same both ways.
    @Test func aTimeKeptFromLineToLineReadsAsTheCheckedParserReadsIt() {
        var g = SeededGenerator(seed: 0x7e_e7e0)
        func pick<T>(_ xs: [T]) -> T { xs[Int.random(in: 0..<xs.count, using: &g)] }
        // In order of value; the last two are sixteen and seventeen bytes with their space.
        // A step back in the list is a time going back: an error both ways.
        let times = ["1.000001", "1.00001", "1.000010", "1.0000010", "1.000011", "11.000001", "110.00001",
                     "1234567.123456", "12345678.123456"]
        var accepted = 0
        for round in 0..<1000 {
            var index = 0
            var lines = ["E: 0.000001 0003 0035 0100"]
            for _ in 0..<Int.random(in: 2...6, using: &g) {
                index = max(0, min(times.count - 1, index + pick([0, 0, 0, 0, 1, 2, -1])))  // -1: a time going back
                lines.append("E:" + pick([" ", " ", "  "]) + times[index] + pick([" ", " ", "  ", "\t"])
                             + pick(["0003 0035 ", "0003 0036 ", "0000 0000 "]) + pick(["0", "1234", "-015"])
                             + pick(["", "\t# EV_ABS / ABS_MT_POSITION_X    1000"]))
            }
            if readsAlike(lines, "round \(round): \(lines)") { accepted += 1 }
        }
        #expect(accepted > 100 && accepted < 950, "accepted \(accepted)")
    }
}
