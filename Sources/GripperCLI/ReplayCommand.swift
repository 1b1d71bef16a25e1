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
            difference. Exit status 2 on bad input (trace or scene), naming the \
            file, the line or field and the problem.
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

    func run() throws {
        let reader = try TraceInput.open(file, device: device)
        let sceneValue = try Self.loadScene(scene)
        var expected: String?
        if let expect {
            do {
                expected = String(decoding: try Data(contentsOf: URL(fileURLWithPath: expect)), as: UTF8.self)
            } catch {
                throw BadInput.fail("cannot read \(expect): \(FileProblem.phrase(error))")
            }
        }
        let wantsPictures = svg != nil || html != nil
        let out = OutputSink.standardOutput
        let engine: Engine
        var pictures: [TimelinePage.Frame] = []
        if wantsPictures {
            // Pictures need every frame at hand (Replay takes a whole trace).
            let trace: Trace
            do { trace = try reader.readTrace() } catch { throw BadInput.fail(error.description) }
            let replay: Replay
            do { replay = try Replay(trace: trace, scene: sceneValue, pictures: true) } catch { throw BadInput.fail("\(error)") }
            pictures = replay.pictures
            engine = realtime ? try Self.realtime(TraceFrameReader(trace: trace), scene: sceneValue, json: json, to: out)
                              : replay.engine
        } else if realtime {
            engine = try Self.realtime(reader, scene: sceneValue, json: json, to: out)
        } else {
            var running: Engine
            do { running = try Engine(scene: sceneValue, device: reader.device) } catch { throw BadInput.fail("\(error)") }
            try TraceInput.forEachFrame(of: reader) { running.handle($0) }
            running.finish()
            engine = running
        }
        if !realtime { try Self.write(engine.transcript, from: 0, json: json, final: true, to: out) }
        try out.flush()
        try writePictures(pictures, transcript: engine.transcript)
        if let expected {
            let useJSON = expected.split(separator: "\n").first?.hasPrefix("{") ?? false
            let actual = useJSON ? engine.transcript.jsonLines : engine.transcript.text
            if actual != expected {
                BadInput.printError("gripper: the transcript differs from \(expect ?? "")  (- expected, + actual):")
                for line in LineDiff.lines(expected: expected, actual: actual) { BadInput.printError(line) }
                throw ExitCode(1)
            }
        }
        try out.close()
    }

    static func loadScene(_ path: String) throws -> Scene {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw BadInput.fail("cannot read \(path): \(FileProblem.phrase(error))")
        }
        do {
            return try Scene.decode(Array(data), fileName: path)
        } catch {
            throw BadInput.fail("\(error)")
        }
    }

    private func writePictures(_ pictures: [TimelinePage.Frame], transcript: Transcript) throws {
        if let svg {
            do {
                try FileManager.default.createDirectory(atPath: svg, withIntermediateDirectories: true)
                for (i, p) in pictures.enumerated() {
                    let name = String(repeating: "0", count: max(0, 4 - String(i + 1).count)) + String(i + 1)
                    try Data(p.svg.utf8).write(to: URL(fileURLWithPath: svg).appendingPathComponent("frame-\(name).svg"))
                }
            } catch {
                throw BadInput.fail("cannot write pictures to \(svg): \(FileProblem.phrase(error))")
            }
        }
        if let html {
            let parts = file.split(separator: "/").suffix(2).joined(separator: "/")
            let page = TimelinePage.html(title: "gripper replay \(parts)",
                                         frames: pictures, transcript: transcript)
            do {
                try Data(page.utf8).write(to: URL(fileURLWithPath: html))
            } catch {
                throw BadInput.fail("cannot write \(html): \(FileProblem.phrase(error))")
            }
        }
    }

    /// Replays at the trace's pace: sleeps until each deadline and frame is
    /// due on a monotonic clock, prints each entry when it happens. Times are
    /// offsets from the first frame, clamped, so a corrupt trace cannot trap
    /// the arithmetic.
    static func realtime(_ reader: TraceFrameReader, scene: Scene, json: Bool, to out: OutputSink) throws -> Engine {
        var engine: Engine
        do { engine = try Engine(scene: scene, device: reader.device) } catch { throw BadInput.fail("\(error)") }
        let clock = ContinuousClock()
        let start = clock.now
        var origin: EventTime?
        var printed = 0
        func wait(until t: EventTime) {
            guard let origin else { return }
            let due = start + .microseconds(t.microseconds(since: origin))
            let left = due - clock.now
            if left > .zero { Thread.sleep(forTimeInterval: left.secondsDouble) }
        }
        try TraceInput.forEachFrame(of: reader) { frame in
            if origin == nil { origin = frame.time }
            while let d = engine.nextDeadline, d < frame.time {
                wait(until: d)
                engine.fire(until: d)
                printed = try emit(engine.transcript, from: printed, json: json, final: false, to: out)
            }
            wait(until: frame.time)
            engine.handle(frame)
            printed = try emit(engine.transcript, from: printed, json: json, final: false, to: out)
        }
        engine.finish()
        try emit(engine.transcript, from: origin == nil ? 0 : printed, json: json, final: true, to: out)
        return engine
    }

    @discardableResult
    private static func emit(_ transcript: Transcript, from index: Int, json: Bool, final: Bool,
                             to out: OutputSink) throws -> Int {
        try write(transcript, from: index, json: json, final: final, to: out)
        try out.flush()
        return transcript.entries.count
    }

    /// Writes the transcript's entries from `index` on, a line at a time
    /// (never the whole text as one string), then with `final` the final
    /// sections' line.
    private static func write(_ transcript: Transcript, from index: Int, json: Bool, final: Bool,
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
