import ArgumentParser
import FoundationEssentials
import Gripper
import GripperFiles
import GripperReplay
import GripperReplayCases
#if canImport(Glibc)
import Glibc
#endif

/// `gripper test [PATH…]`: every replay case under the folders, run in
/// parallel, one line per case and a summary; see `Documentation/ReplayCases.md`.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Replay every case (trace, scene, expected transcript) under the folders and check the transcripts.",
        discussion: """
            A case is a folder with trace.evemu (or .events, .yml …), scene.json and \
            expected.txt, or a file NAME.expected.txt beside NAME.evemu and a scene.json \
            (see Documentation/ReplayCases.md). Cases run in parallel on every core; each \
            prints one line, a failure its first differing entries with their times, and \
            writes the HTML timeline of the actual run beside the expected file \
            (actual.html or NAME.actual.html). Exit status 0 when every case passes, 1 when \
            one fails, 2 on bad input (a case that cannot be read, an unknown path, a bad \
            option), naming the file, the line and the problem.
            """
    )

    @Argument(help: ArgumentHelp("Folders to search (default: the current folder), case folders, or expected files of the cases to run.", valueName: "PATH"))
    var paths: [String] = []

    @Flag(name: .long, help: "Re-record the expected transcript of each failing (or new) case among those run, saying what changed.")
    var update = false

    @Option(name: .long, help: ArgumentHelp("Run only the cases whose name matches this regular expression (repeatable: any may match).", valueName: "PATTERN"))
    var filter: [String] = []

    @Option(name: .long, help: ArgumentHelp("Run the K-th of N stable slices of the cases (1 ≤ K ≤ N), for a CI matrix.", valueName: "K/N"))
    var shard: String?

    @Option(name: .long, help: ArgumentHelp("Write a JUnit XML report to this file.", valueName: "FILE"))
    var junit: String?

    @Flag(name: .long, help: "Print JSON Lines: one object per case, then the summary.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Run this many cases at once (default: one per core).", valueName: "N"))
    var jobs: Int?

    func run() throws {
        let started = ContinuousClock.now
        let cpuBefore = Self.cpuSeconds()
        guard jobs.map({ (1...1024).contains($0) }) ?? true else { throw BadInput.fail("--jobs must be from 1 to 1024, not \(jobs ?? 0)") }
        var slice: CaseShard?
        if let shard {
            guard let s = CaseShard(shard) else { throw BadInput.fail("--shard takes K/N with 1 ≤ K ≤ N (such as 2/4), not \(shard)") }
            slice = s
        }
        let patterns = try filter.map { try PatternOption.regex($0, option: "--filter") }
        let searched = paths.isEmpty ? ["."] : paths
        var cases: [ReplayCaseFile]
        do { cases = try ReplayCaseLibrary.find(in: searched) } catch { throw BadInput.fail(Escaping.visible(error.description)) }
        guard !cases.isEmpty else {
            throw BadInput.fail("no replay cases under \(Escaping.visible(searched.joined(separator: ", "))) (see Documentation/ReplayCases.md)")
        }
        if !patterns.isEmpty {
            cases = cases.filter { c in patterns.contains { c.name.contains($0) } }
            guard !cases.isEmpty else { throw BadInput.fail("no case name matches --filter \(filter.joined(separator: " or "))") }
        }
        if let slice { cases = cases.filter { slice.contains($0.relativeName) } }

        let out = OutputSink.standardOutput
        var results: [CaseResult] = []
        var failure: (any Error)?
        let update = self.update, json = self.json, all = cases
        ReplayCaseRunner.run(count: all.count, workers: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                             job: { Self.runCase(all[$0], update: update) },
                             deliver: { _, result in
            results.append(result)
            guard failure == nil else { return }
            do {
                try out.write(json ? result.jsonLine + "\n" : result.textLines.map { $0 + "\n" }.joined())
                try out.flush()
            } catch { failure = error }
        })
        // The sink has said why on stderr already; its error is the exit status.
        if let failure { throw failure }
        let wall = Self.seconds(ContinuousClock.now - started)
        let cpu = Self.cpuSeconds() - cpuBefore
        let summary = Summary(results: results, wall: wall, cpu: cpu)
        try out.write((json ? summary.jsonLine : summary.text) + "\n")
        try out.close()
        if let junit { try Self.write(JUnitReport.xml(results, summary: summary), to: junit) }
        if summary.bad > 0 { throw BadInput.exitCode }
        if summary.failed > 0 { throw ExitCode(1) }
    }

    /// Runs one case on the calling thread: reads it, replays it, compares,
    /// and on a failure writes the timeline page (or with `update` the new
    /// expected transcript).
    static func runCase(_ file: ReplayCaseFile, update: Bool) -> CaseResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = CaseResult(file: file)
        do {
            let (replayCase, expected) = try file.load()
            let verdict: ReplayCase.Verdict
            do { verdict = try replayCase.check(expected: expected).verdict } catch { throw ReplayCaseError(error.description) }
            switch verdict {
            case .passed:
                result.status = .passed
                file.removeStaleTimeline()
            case .missing(let actual):
                if update {
                    try file.record(actual)
                    result.status = .updated
                    result.message = "recorded \(file.expectedPath) (\(actual.split(separator: "\n").count) lines)"
                } else {
                    result.status = .failed
                    result.message = "no expected transcript \(file.expectedPath); record it with gripper test --update"
                }
            case .failed(let comparison):
                result.comparison = comparison
                result.diff = comparison.diff()
                if update {
                    try file.record(comparison.actual)
                    file.removeStaleTimeline()
                    result.status = .updated
                    let lines = LineDiff.lines(expected: comparison.expected, actual: comparison.actual)
                    let removed = lines.filter { $0.hasPrefix("-") }.count, added = lines.filter { $0.hasPrefix("+") }.count
                    result.message = "updated \(file.expectedPath): \(comparison.summary); \(removed) lines removed, \(added) added"
                } else {
                    result.status = .failed
                    result.message = comparison.summary + " of \(file.expectedPath)"
                    // The diff is the result; a page that cannot be written
                    // (a read-only checkout, a FIFO in its place) is a note.
                    do {
                        try file.writeTimeline(of: replayCase)
                        result.timeline = file.timelinePath
                    } catch {
                        result.timelineProblem = error.description
                    }
                }
            }
        } catch {
            result.status = .bad
            result.message = "\(error)"
        }
        result.seconds = seconds(clock.now - start)
        return result
    }

    /// Writes `text` to `path` whole (a temporary file renamed into place), or exits 2 naming it.
    static func write(_ text: String, to path: String) throws {
        do throws(FileOutput.Failure) {
            let file = try FileOutput(path: path)
            try file.write(text)
            try file.commit()
        } catch {
            throw BadInput.fail(error.description)
        }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// The process's CPU time so far (user and system, every thread).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}

/// What one case came to, for the line it prints and the reports.
struct CaseResult: Sendable {
    enum Status: String, Sendable {
        case passed, failed, updated, bad
    }

    var file: ReplayCaseFile
    var status: Status = .bad
    var message = ""
    var comparison: TranscriptComparison?
    var diff: [String] = []
    var timeline: String?
    /// Why the timeline page of a failed case was not written (the case
    /// still fails with its diff; this is a note, not bad input).
    var timelineProblem: String?
    var seconds = 0.0

    init(file: ReplayCaseFile) { self.file = file }

    /// `PASS name`, or `FAIL name: …` with the diff and the timeline's path
    /// below. Every part that comes from the folder searched — the name,
    /// paths and messages holding them, lines of an expected file — goes
    /// through `Escaping.visible`, so a name holding a line break, a carriage
    /// return or a terminal escape stays on its line and shows as symbols:
    /// no folder name can forge a result line or drive the terminal.
    var textLines: [String] {
        let name = Escaping.visible(file.name), message = Escaping.visible(message)
        let diff = diff.map { "     " + Escaping.visible($0) }
        switch status {
        case .passed: return ["PASS \(name)"]
        case .bad: return ["BAD  \(name): \(message)"]
        case .updated: return ["UPD  \(name): \(message)"] + diff
        case .failed:
            var lines = ["FAIL \(name): \(message)"] + diff
            if let timeline { lines.append("     timeline of the actual run: \(Escaping.visible(timeline))") }
            if let timelineProblem { lines.append("     no timeline of the actual run: \(Escaping.visible(timelineProblem))") }
            return lines
        }
    }

    var jsonLine: String {
        var out = "{\"event\":\"case\",\"case\":\(Escaping.json(file.name)),\"status\":\"\(status.rawValue)\""
        out += ",\"expected\":\(Escaping.json(file.expectedPath)),\"seconds\":\(FixedDecimal.string(seconds, places: 6))"
        if !message.isEmpty { out += ",\"message\":\(Escaping.json(message))" }
        if let d = comparison?.firstDifference {
            out += ",\"firstDifference\":{\"line\":\(d.line),\"t\":" + (d.time ?? "null")
            out += ",\"expected\":" + (d.expected.map(Escaping.json) ?? "null")
            out += ",\"actual\":" + (d.actual.map(Escaping.json) ?? "null") + "}"
        }
        if !diff.isEmpty { out += ",\"diff\":[" + diff.map(Escaping.json).joined(separator: ",") + "]" }
        if let timeline { out += ",\"timeline\":\(Escaping.json(timeline))" }
        if let timelineProblem { out += ",\"timelineProblem\":\(Escaping.json(timelineProblem))" }
        return out + "}"
    }
}

/// The counts of a run.
struct Summary: Sendable {
    var passed = 0, failed = 0, updated = 0, bad = 0
    var wall: Double
    var cpu: Double

    init(results: [CaseResult], wall: Double, cpu: Double) {
        for r in results {
            switch r.status {
            case .passed: passed += 1
            case .failed: failed += 1
            case .updated: updated += 1
            case .bad: bad += 1
            }
        }
        self.wall = wall
        self.cpu = cpu
    }

    var total: Int { passed + failed + updated + bad }

    /// `21 passed, 2 failed` (then `, N updated`, `, N with bad input` when there are any).
    var text: String {
        var s = "\(passed) passed, \(failed) failed"
        if updated > 0 { s += ", \(updated) updated" }
        if bad > 0 { s += ", \(bad) with bad input" }
        return s
    }

    var jsonLine: String {
        "{\"event\":\"summary\",\"passed\":\(passed),\"failed\":\(failed),\"updated\":\(updated),\"bad\":\(bad)"
            + ",\"seconds\":\(FixedDecimal.string(wall, places: 6)),\"cpuSeconds\":\(FixedDecimal.string(cpu, places: 6))}"
    }
}
