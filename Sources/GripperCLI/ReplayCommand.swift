import ArgumentParser
import FoundationEssentials
import Gripper
import GripperFiles
import GripperInput
import GripperReplay
import GripperScene
import GripperTraces
#if canImport(Glibc)
import Glibc
#endif

/// `gripper replay FILE... --scene SCENE`: a recorded trace (or the traces
/// of several devices, merged in time order) through the engine, printing
/// the transcript, optionally drawing pictures and comparing with an
/// expected transcript.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a trace through the engine on a scene and print the transcript.",
        discussion: """
            The transcript lists gesture events, state transitions, stimuli and \
            committed edits with their times (seconds from the first frame), then \
            the final sections. --expect compares it with a file (text, or JSON Lines \
            when the file's first line starts with '{') and exits 1 showing the \
            difference. --realtime replays at the trace's pace, waiting at most \
            --max-gap between two steps (a gapCapped line says where; --expect \
            ignores it). Exit status 2 on bad input (trace or scene) or a picture \
            that cannot be written, naming the file, the line or field and the problem. \
            Several files (or a libinput record of several devices) replay together: \
            one engine with a device each, their frames merged in time order, one \
            pointer gesture at a time (see Documentation/LiveInput.md).
            """
    )

    @Argument(help: "One or more traces: evemu files (.evemu, .events, .desc, .txt), one device each, or libinput-record files (.yml, .yaml), every device they hold (or the one --device names). Several devices replay together, their frames merged in time order, the first the engine's first device.")
    var files: [String]

    @Option(name: .long, help: "The scene (JSON; see Documentation/Scenes.md).")
    var scene: String

    @Option(name: .long, help: ArgumentHelp("evemu: the .desc describing an events-only file. libinput record: the device to read, by index or node.", valueName: "DESC"))
    var device: String?

    @Flag(name: .long, help: "Print JSON Lines instead of text.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Write an SVG picture of every state change and edit into this folder.", valueName: "DIR"))
    var svg: String?

    @Option(name: .long, help: ArgumentHelp("Write one self-contained HTML page with the pictures on a timeline and the transcript.", valueName: "FILE"))
    var html: String?

    @Option(name: .long, help: ArgumentHelp("Compare the transcript with this file; exit 1 on a difference.", valueName: "FILE"))
    var expect: String?

    @Flag(name: .long, help: "Replay at the trace's own pace, printing entries as they happen.")
    var realtime = false

    @Option(name: .long, help: ArgumentHelp("With --realtime: wait at most this long between two steps; a longer gap is cut short and a gapCapped line says so.", valueName: "SECONDS"))
    var maxGap: Double?

    /// The `--max-gap` default, in seconds.
    static let defaultMaxGap = 2.0

    func validate() throws {
        if files.isEmpty { throw ValidationError("give a trace file to replay") }
        if device != nil && files.count > 1 { throw ValidationError("--device applies to a single trace file") }
        if let maxGap {
            guard realtime else { throw ValidationError("--max-gap applies to --realtime only") }
            guard maxGap.isFinite, maxGap >= 0, maxGap <= 1_000_000 else {
                throw ValidationError("--max-gap must be a number of seconds from 0 to 1000000, not \(maxGap)")
            }
        }
    }

    func run() throws {
        if realtime, svg != nil || html != nil { try Self.requireRegularFiles(files) }
        let readers = try TraceInput.openAll(files, device: device)
        let sceneValue = try Self.loadScene(scene)
        var expected: String?
        if let expect {
            do {
                expected = String(decoding: try Data(contentsOf: URL(fileURLWithPath: expect)), as: UTF8.self)
            } catch {
                throw BadInput.fail("cannot read \(expect): \(FileProblem.phrase(error))")
            }
        }
        let out = OutputSink.standardOutput
        var output: PictureOutput?
        if svg != nil || html != nil {
            let parts = files.map { $0.split(separator: "/").suffix(2).joined(separator: "/") }.joined(separator: " ")
            output = try PictureOutput(svgDirectory: svg, html: html, title: "gripper replay \(parts)")
        }
        if output != nil || realtime {
            // Pictures and pacing read the frames as they go, as the plain
            // replay does: memory stays flat whatever the trace holds.
            var start: EngineDriver
            do {
                // The page animates between its pictures with the engine's transitions.
                // Pictures keep the transcript (the page ends with it, and it is
                // printed after them); a paced replay alone prints as it goes.
                start = try EngineDriver(scene: sceneValue, device: readers[0].device,
                                         recordingTranscript: output != nil, makingTransitions: html != nil)
            } catch {
                throw BadInput.fail("\(Self.naming(error, scene))")
            }
            for reader in readers.dropFirst() { _ = start.engine.attach(reader.device) }
            var done = start.engine
            // What --expect compares, when pictures keep no transcript of their own.
            var kept: Transcript? = expected != nil && output == nil ? Transcript() : nil
            if realtime {
                let gap = Duration.microseconds(Int64(((maxGap ?? Self.defaultMaxGap) * 1_000_000).rounded()))
                let frames = try TraceInput.MergedFrames(readers)
                done = try Self.realtime(start, frames: frames, json: json, maxGap: gap, keeping: &kept, to: out)
                try frames.check()
            }
            if let output {
                // Each picture is written as it is drawn (with --realtime, by a
                // fast replay of its own after the paced one, reading the
                // files again).
                let frames = try TraceInput.MergedFrames(realtime ? TraceInput.openAll(files, device: device) : readers)
                done = try Replay.run(start, frames: frames, labels: sceneValue.pictureLabels, picture: output.add)
                do { try frames.check() } catch {
                    output.abandon()
                    throw error
                }
                try output.finish(transcript: done.transcript)
            }
            if !realtime { try Self.write(done.transcript, from: 0, json: json, final: true, to: out) }
            try out.flush()
            if let expected { try Self.check(kept ?? done.transcript, against: expected, path: expect ?? "") }
            try out.close()
            return
        } else {
            // A frame at a time, each entry printed as it comes and kept
            // only for --expect: memory stays flat whatever the trace holds.
            var running: EngineDriver
            do {
                running = try EngineDriver(scene: sceneValue, device: readers[0].device)
            } catch {
                throw BadInput.fail("\(Self.naming(error, scene))")
            }
            for reader in readers.dropFirst() { _ = running.engine.attach(reader.device) }
            var kept = Transcript()
            func emit(_ entries: [Transcript.Entry]) throws {
                for entry in entries {
                    try out.write((json ? entry.jsonLine : entry.textLine) + "\n")
                    if expected != nil { kept.append(entry) }
                }
            }
            try TraceInput.forEachFrame(of: readers) { try emit(running.handle($0)) }
            try emit(running.finish())
            kept.finish(with: running.engine.model.sections)
            var last = Transcript()
            last.finish(with: running.engine.model.sections)
            try out.write(json ? last.jsonLines : last.text)
            if let expected { try Self.check(kept, against: expected, path: expect ?? "") }
            try out.close()
        }
    }

    /// Refuses, before anything is written, a trace that is not a regular
    /// file when it must be read twice (`--realtime` with pictures): a pipe
    /// or a device cannot give its frames again.
    static func requireRegularFiles(_ files: [String]) throws {
        for file in files {
            var status = stat()
            if stat(file, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
                throw BadInput.fail("\(Escaping.visible(file)): --realtime with --svg or --html reads the trace twice, so it must be a regular file, not a pipe or a device")
            }
        }
    }

    static func loadScene(_ path: String) throws -> Scene {
        // A regular file only: a FIFO or a device is named as what it is,
        // never waited on or read without end.
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path) } catch {
            throw BadInput.fail("cannot read \(path): \(error.phrase)")
        }
        do {
            return try Scene.decode(bytes, fileName: path)
        } catch {
            throw BadInput.fail("\(error)")
        }
    }

    /// `error` with the scene's file named when the engine did not know it.
    static func naming(_ error: SceneError, _ path: String) -> SceneError {
        var error = error
        if error.file.isEmpty { error.file = path }
        return error
    }

    /// Compares a transcript with the expected file's text (JSON Lines when
    /// its first line is an object); exits 1 with the difference on stderr.
    static func check(_ transcript: Transcript, against expected: String, path: String) throws {
        let useJSON = expected.split(separator: "\n").first?.hasPrefix("{") ?? false
        let actual = useJSON ? transcript.jsonLines : transcript.text
        guard actual != expected else { return }
        BadInput.printError("gripper: the transcript differs from \(Escaping.visible(path))  (- expected, + actual):")
        for line in LineDiff.lines(expected: expected, actual: actual) { BadInput.printError(line) }
        throw ExitCode(1)
    }

    /// Sleeps until `deadline` on `clock` (at once when it has passed):
    /// `nanosleep` for what remains, again after a signal or an early wake.
    static func sleep(until deadline: ContinuousClock.Instant, on clock: ContinuousClock) {
        while true {
            let remaining = deadline - clock.now
            guard remaining > .zero else { return }
            let (seconds, attoseconds) = remaining.components
            var request = timespec(tv_sec: Int(seconds), tv_nsec: max(seconds == 0 ? 1 : 0, Int(attoseconds / 1_000_000_000)))
            _ = nanosleep(&request, nil)
        }
    }

    /// Replays at the trace's pace: sleeps until each deadline and frame is
    /// due on a monotonic clock (a gap longer than `maxGap` cut to
    /// `maxGap`, with a `gapCapped` line), prints each entry when it happens
    /// and keeps the entries only in `kept` (for `--expect`), as the plain
    /// replay does: the frames are read as they are due.
    static func realtime(_ driver: EngineDriver, frames: some Sequence<DeviceFrame>, json: Bool, maxGap: Duration,
                         keeping kept: inout Transcript?, to out: OutputSink) throws -> Engine {
        let clock = ContinuousClock()
        let start = clock.now
        // The first frame's time, for a gapCapped line (taken as the frames pass).
        var origin: EventTime?
        let timed = frames.lazy.map { frame in
            if origin == nil { origin = frame.frame.time }
            return frame
        }
        var failure: (any Error)?
        var entriesKept = kept
        let done = Replay.paced(driver, frames: timed, maxGap: maxGap, wait: { due in
            Self.sleep(until: start + .microseconds(due), on: clock)
        }, capped: { gap in
            guard failure == nil else { return }
            do {
                try out.write(Self.gapLine(gap, origin: origin ?? gap.time, json: json) + "\n")
                try out.flush()
            } catch { failure = error }
        }, step: { entries, _ in
            guard failure == nil, !entries.isEmpty else { return }
            do {
                for entry in entries {
                    try out.write((json ? entry.jsonLine : entry.textLine) + "\n")
                    entriesKept?.append(entry)
                }
                try out.flush()
            } catch { failure = error }
        })
        if let failure { throw failure }
        entriesKept?.finish(with: done.model.sections)
        kept = entriesKept
        var last = Transcript()
        last.finish(with: done.model.sections)
        try out.write(json ? last.jsonLines : last.text)
        return done
    }

    /// The line that says a gap was cut short: `12.500000 gapCapped 36000.000000 s waited 2.000000 s`,
    /// or in JSON Lines `{"t":12.500000,"event":"gapCapped","gap":36000.000000,"waited":2.000000}`;
    /// `t` is the time of the step after the gap. Not an entry of the engine's transcript.
    static func gapLine(_ gap: RealtimePacer.CappedGap, origin: EventTime, json: Bool) -> String {
        let t = seconds(microseconds: gap.time.microseconds &- origin.microseconds)
        let length = seconds(microseconds: gap.gap), waited = seconds(microseconds: gap.waited)
        return json ? "{\"t\":\(t),\"event\":\"gapCapped\",\"gap\":\(length),\"waited\":\(waited)}"
            : "\(t) gapCapped \(length) s waited \(waited) s"
    }

    /// Microseconds as seconds with six decimals, as the transcript prints times.
    static func seconds(microseconds: Int64) -> String {
        let m = microseconds.magnitude
        let fraction = String(m % 1_000_000)
        return (microseconds < 0 ? "-" : "") + String(m / 1_000_000) + "."
            + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// Writes the transcript's entries from `index` on, a line at a time
    /// (never the whole text as one string), then with `final` the final
    /// sections' line.
    static func write(_ transcript: Transcript, from index: Int, json: Bool, final: Bool,
                      to out: OutputSink) throws {
        let entries = transcript.entries
        for entry in entries[min(index, entries.count)...] { try out.write((json ? entry.jsonLine : entry.textLine) + "\n") }
        if final, let sections = transcript.finalSections {
            var last = Transcript()
            last.finish(with: sections)
            try out.write(json ? last.jsonLines : last.text)
        }
    }
}
