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
            start = try Engine(scene: sceneValue, device: trace.device)
        } catch {
            throw BadInput.fail("\(Self.naming(error, scene))")
        }
        var output: PictureOutput?
        if svg != nil || html != nil {
            let parts = file.split(separator: "/").suffix(2).joined(separator: "/")
            output = try PictureOutput(svgDirectory: svg, html: html, title: "gripper replay \(parts)")
        }
        var engine = start
        if realtime { engine = Self.realtime(start, frames: trace.frames, json: json) }
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
    /// due on a monotonic clock, prints each entry when it happens.
    static func realtime(_ engine: Engine, frames: [EventFrame], json: Bool) -> Engine {
        var engine = engine
        let clock = ContinuousClock()
        let start = clock.now
        guard let origin = frames.first?.time else {
            engine.finish()
            emit(engine.transcript, from: 0, json: json)
            return engine
        }
        var printed = 0
        func wait(until t: EventTime) {
            let due = start + .microseconds(t.microseconds - origin.microseconds)
            if due > clock.now { Thread.sleep(forTimeInterval: Double((due - clock.now).components.attoseconds) / 1e18 + Double((due - clock.now).components.seconds)) }
        }
        for frame in frames {
            while let d = engine.nextDeadline, d < frame.time {
                wait(until: d)
                engine.fire(until: d)
                printed = emit(engine.transcript, from: printed, json: json)
            }
            wait(until: frame.time)
            engine.handle(frame)
            printed = emit(engine.transcript, from: printed, json: json)
        }
        engine.finish()
        emit(engine.transcript, from: printed, json: json)
        return engine
    }

    /// Prints the entries from `index` on (and the final line once the run
    /// has ended); returns the count printed so far.
    @discardableResult
    private static func emit(_ transcript: Transcript, from index: Int, json: Bool) -> Int {
        let entries = transcript.entries
        var out = ""
        for entry in entries[min(index, entries.count)...] { out += (json ? entry.jsonLine : entry.textLine) + "\n" }
        if let last = json ? transcript.finalJSONLine : transcript.finalTextLine { out += last + "\n" }
        if !out.isEmpty { FileHandle.standardOutput.write(Data(out.utf8)) }
        return entries.count
    }
}
