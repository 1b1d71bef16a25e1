import Foundation
import Testing
import Gripper
import GripperReplay
import GripperScene

/// The pure parts of replay cases: shards, comparisons, diffs, settings,
/// and the parallel runner's order.
@Suite struct ReplayCaseUnitTests {
    @Test func shardsParseAndStayPut() {
        #expect(CaseShard("2/4") == CaseShard(index: 2, count: 4))
        for bad in ["0/3", "4/3", "a/b", "1/3/4", "/3", "1/", "-1/3", "1/0", "99999999999/99999999999", ""] {
            #expect(CaseShard(bad) == nil, "\(bad)")
        }
        // Every name is in exactly one slice, whatever the others are.
        let names = (0..<200).map { "scenarios/case-\($0)" }
        for name in names {
            #expect((1...5).filter { CaseShard(index: $0, count: 5)!.contains(name) }.count == 1)
        }
        // FNV-1a: fixed values, the same on every machine.
        #expect(CaseShard(index: 1, count: 1)!.contains("anything"))
        let slices = (1...4).map { k in names.filter { CaseShard(index: k, count: 4)!.contains($0) }.count }
        #expect(slices.allSatisfy { $0 > 25 }, "\(slices)")   // roughly even
    }

    @Test func comparisonsFindTheFirstDifferenceAndItsTime() {
        let expected = "0.100000 state idle -> tracking\n0.200000 highlight none\nfinal list: a b\n"
        let c = TranscriptComparison.Difference(line: 2, expected: "0.200000 highlight none", actual: nil)
        #expect(c.time == "0.200000")
        #expect(TranscriptComparison.Form(of: expected) == .text)
        #expect(TranscriptComparison.Form(of: "{\"t\":0.1,\"event\":\"state\"}\n") == .jsonLines)
        #expect(TranscriptComparison.Difference(line: 1, expected: "{\"t\":1.500000,\"event\":\"x\"}", actual: nil).time == "1.500000")
        #expect(TranscriptComparison.Difference(line: 1, expected: "final list: a", actual: "final list: b").time == nil)
    }

    @Test func diffsPutWhatWasExpectedFirst() {
        let lines = LineDiff.lines(expected: "a\nb\nc\nd\ne\nf\ng\n", actual: "a\nb\nc\nX\ne\nf\ng\n")
        // Two lines of context; `…` where unchanged lines were left out before them.
        #expect(lines == ["…", " b", " c", "-d", "+X", " e", " f"], "\(lines)")
        #expect(LineDiff.lines(expected: "same\n", actual: "same\n").isEmpty)
        // Past the table's size, the first difference only.
        let big = (0..<3000).map { "line \($0)" }.joined(separator: "\n")
        let other = (0..<3000).map { "other \($0)" }.joined(separator: "\n")
        #expect(LineDiff.lines(expected: big, actual: other) == ["@@ line 1", "-line 0", "+other 0"])
    }

    @Test func settingsAreCheckedWithTheirLines() throws {
        let s = try ReplaySettings.decode(Array("""
            {"scene": "s.json", "traces": "../real", "device": "d.desc",
             "gestures": {"longPressDuration": 0.4, "maximumTapCount": 2, "extraContacts": "ignore",
                          "recognizers": ["tap", "pan"], "reportsFailures": true}}
            """.utf8), fileName: "case.json")
        #expect(s.scene == "s.json" && s.traces == "../real" && s.device == "d.desc")
        #expect(s.gestures.longPressDuration == .milliseconds(400) && s.gestures.maximumTapCount == 2)
        #expect(s.gestures.extraContacts == .ignore && s.gestures.recognizers == [.tap, .pan] && s.gestures.reportsFailures)
        let bad: [(String, String)] = [
            ("{\"gestures\": {\"longPressDuration\": 1e308}}", "case.json:1: gestures.longPressDuration: expected a number from 0.0 to 1000000.0"),
            ("{\"gestures\":\n {\"touchSlopMillimetres\": -1}}", "case.json:2: gestures.touchSlopMillimetres: expected a number from 0.0"),
            ("{\"gestures\": {\"maximumTapCount\": 2.5}}", "case.json:1: gestures.maximumTapCount: expected a whole number"),
            ("{\"gestures\": {\"recognizers\": [\"wave\"]}}", "case.json:1: gestures.recognizers: expected recognizer names"),
            ("{\"scene\": 3}", "case.json:1: scene: expected a non-empty path"),
            ("{\"colour\": 3}", "case.json:1: colour: unknown field"),
            ("[1]", "case.json:1: $: expected an object"),
            ("{\"scene\": \"a\", \"scene\": \"b\"}", "case.json:1"),
            ("{", "case.json:1"),
        ]
        for (text, message) in bad {
            do {
                _ = try ReplaySettings.decode(Array(text.utf8), fileName: "case.json")
                Issue.record("no error for \(text)")
            } catch {
                #expect(error.description.hasPrefix(message), "\(error)")
            }
        }
    }

    /// Results come back in order whatever order the jobs finish in.
    @Test func theRunnerDeliversInOrderOnTheCallingThread() {
        for workers in [1, 2, 7] {
            var seen: [Int] = []
            ReplayCaseRunner.run(count: 300, workers: workers, job: { i -> Int in
                // Uneven work: later jobs often finish first.
                var x = 0
                for k in 0..<((300 - i) * 50) { x &+= k }
                return i &+ (x & 0)
            }, deliver: { index, value in
                #expect(index == value)
                seen.append(index)
            })
            #expect(seen == Array(0..<300))
        }
        var none = 0
        ReplayCaseRunner.run(count: 0, workers: 4, job: { $0 }, deliver: { _, _ in none += 1 })
        #expect(none == 0)
    }
}
