import ArgumentParser
import Foundation
import Gripper
import GripperInput

/// `gripper replay FILE --scene SCENE`: a recorded trace through the engine,
/// printing the transcript, optionally drawing pictures and comparing with
/// an expected transcript.
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
            that cannot be written, naming the file, the line or field and the problem.
            """
    )

    @Argument(help: "An evemu trace (.evemu, .events, .desc, .txt) or a libinput-record file (.yml, .yaml).")
    var file: String

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
        if let maxGap {
            guard realtime else { throw ValidationError("--max-gap applies to --realtime only") }
            guard maxGap.isFinite, maxGap >= 0, maxGap <= 1_000_000 else {
                throw ValidationError("--max-gap must be a number of seconds from 0 to 1000000, not \(maxGap)")
            }
        }
    }

    func run() throws {
        let trace: Trace
        do {
            trace = try TraceFile.load(path: file, deviceSelector: TraceFile.selector(forDeviceOption: device, path: file))
        } catch {
            throw BadInput.fail("\(error)")
        }
        let sceneValue = try Self.loadScene(scene)
        var expected: String?
        if let expect {
            guard let data = FileManager.default.contents(atPath: expect) else {
                throw BadInput.fail("\(expect): no such file or not readable")
            }
            expected = String(decoding: data, as: UTF8.self)
        }
        let start: Engine
        do {
            start = try Engine(scene: sceneValue, device: trace.device, recordingTranscript: true)
        } catch {
            throw BadInput.fail("\(Self.naming(error, scene))")
        }
        var output: PictureOutput?
        if svg != nil || html != nil {
            let parts = file.split(separator: "/").suffix(2).joined(separator: "/")
            output = try PictureOutput(svgDirectory: svg, html: html, title: "gripper replay \(parts)")
        }
        var engine = start
        if realtime {
            let gap = Duration.microseconds(Int64(((maxGap ?? Self.defaultMaxGap) * 1_000_000).rounded()))
            engine = Self.realtime(start, frames: trace.frames, json: json, maxGap: gap)
        }
        if let output {
            // Each picture is written as it is drawn (with --realtime, by a
            // fast replay of its own after the paced one).
            engine = try Replay.run(start, frames: trace.frames, picture: output.add)
            try output.finish(transcript: engine.transcript)
        } else if !realtime {
            engine = Replay.run(start, frames: trace.frames)
        }
        if !realtime { print(json ? engine.transcript.jsonLines : engine.transcript.text, terminator: "") }
        if let expected {
            let useJSON = expected.split(separator: "\n").first?.hasPrefix("{") ?? false
            let actual = useJSON ? engine.transcript.jsonLines : engine.transcript.text
            if actual != expected {
                BadInput.printError("gripper: the transcript differs from \(expect ?? "")  (- expected, + actual):")
                for line in LineDiff.lines(expected: expected, actual: actual) { BadInput.printError(line) }
                throw ExitCode(1)
            }
        }
    }

    static func loadScene(_ path: String) throws -> Scene {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BadInput.fail("\(path): no such file or not readable")
        }
        do {
            return try Scene.decode(Array(data), fileName: path)
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

    /// Replays at the trace's pace: sleeps until each deadline and frame is
    /// due on a monotonic clock (a gap longer than `maxGap` cut to
    /// `maxGap`, with a `gapCapped` line), prints each entry when it happens.
    static func realtime(_ engine: Engine, frames: [EventFrame], json: Bool, maxGap: Duration) -> Engine {
        let clock = ContinuousClock()
        let start = clock.now
        let origin = frames.first?.time ?? .zero
        var printed = 0
        return Replay.paced(engine, frames: frames, maxGap: maxGap, wait: { due in
            let remaining = start + .microseconds(due) - clock.now
            if remaining > .zero { Thread.sleep(forTimeInterval: Self.seconds(remaining)) }
        }, capped: { gap in
            write(Self.gapLine(gap, origin: origin, json: json) + "\n")
        }, step: { engine in
            printed = emit(engine.transcript, from: printed, json: json)
        })
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

    private static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// Prints the entries from `index` on (and the final line once the run
    /// has ended); returns the count printed so far.
    private static func emit(_ transcript: Transcript, from index: Int, json: Bool) -> Int {
        let entries = transcript.entries
        var out = ""
        for entry in entries[min(index, entries.count)...] { out += (json ? entry.jsonLine : entry.textLine) + "\n" }
        if let last = json ? transcript.finalJSONLine : transcript.finalTextLine { out += last + "\n" }
        write(out)
        return entries.count
    }

    private static func write(_ text: String) {
        if !text.isEmpty { FileHandle.standardOutput.write(Data(text.utf8)) }
    }
}
