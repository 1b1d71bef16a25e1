import ArgumentParser
import FoundationEssentials
import Gripper
import GripperFiles
import GripperInput
import GripperReplay
import GripperScene
import GripperScripting
import GripperTraces

/// `gripper scenarios DIR`: (re)writes the scripted scenario library — for
/// each scenario a folder with `trace.evemu`, `scene.json`, `expected.txt`
/// (the replayed transcript) and `README` (what it should do). Used by
/// `scripts/make-scenarios`; not for end users.
struct ScenariosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios",
        abstract: "Write the scripted scenario library (trace, scene, expected transcript) into a folder.",
        shouldDisplay: false
    )

    @Argument(help: "The folder to write (Recordings/scenarios).")
    var directory: String

    @Option(name: .long, help: "Write only this scenario.")
    var only: String?

    @Option(name: .long, help: ArgumentHelp("Use this trace for --only instead of the scripted one (e.g. a capture by gripper record).", valueName: "FILE"))
    var trace: String?

    @Flag(name: .long, help: "Instead, write umockdev fixtures (NAME.umockdev, NAME.ioctl, NAME.script) to play each trace into an emulated device.")
    var emulation = false

    func run() throws {
        do {
            try write()
        } catch let exit as ExitCode {
            throw exit
        } catch let failure as FileOutput.Failure {
            throw BadInput.fail(failure.description)
        } catch {
            throw BadInput.fail("cannot write \(directory): \(FileProblem.phrase(error))")
        }
    }

    private func write() throws {
        let root = URL(fileURLWithPath: directory)
        if emulation {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for scenario in ScenarioLibrary.all where only == nil || only == scenario.name {
                let fixture = UmockdevFixture(device: scenario.trace.device)
                try FileOutput.write(fixture.deviceText, to: root.appendingPathComponent("\(scenario.name).umockdev").path)
                try FileOutput.write(fixture.ioctlText, to: root.appendingPathComponent("\(scenario.name).ioctl").path)
                // The trace opens with its own empty frame at 0: no extra lead.
                try FileOutput.write(UmockdevEventScript.text(frames: scenario.trace.frames, lead: .zero),
                                     to: root.appendingPathComponent("\(scenario.name).script").path)
                let seconds = Double(scenario.trace.duration.components.seconds) + Double(scenario.trace.duration.components.attoseconds) / 1e18
                print("\(scenario.name) \(fixture.node) \(seconds)")
            }
            return
        }
        var index = "# Scenarios\n\nEach folder holds `trace.evemu` (the input), `scene.json` (the scene) and\n"
        index += "`expected.txt` (the transcript `gripper replay trace.evemu --scene scene.json` must print).\n"
        index += "The traces are scripted with GripperTesting's `ScenarioLibrary` (TraceBuilder: eased motion,\n"
        index += "100-125 Hz, jitter, tremor), played into an emulated device (umockdev) and captured with\n"
        index += "`gripper record`. Regenerate with `scripts/make-scenarios`.\n\n| scenario | what it does |\n|---|---|\n"
        for scenario in ScenarioLibrary.all {
            index += "| `\(scenario.name)` | \(scenario.summary) |\n"
            if let only, only != scenario.name { continue }
            var traceValue = scenario.trace
            if let trace, only != nil {
                do { traceValue = Self.fromZero(try TraceFile.load(path: trace)) } catch { throw BadInput.fail("\(error)") }
            }
            let scene: Scene
            do { scene = try Scene.decode(scenario.scene, fileName: "\(scenario.name)/scene.json") } catch {
                throw BadInput.fail("\(error)")
            }
            let replay = try Replay(trace: traceValue, scene: scene)
            let folder = root.appendingPathComponent(scenario.name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileOutput.write(scenario.scene + "\n", to: folder.appendingPathComponent("scene.json").path)
            try FileOutput.write(EvemuFormat.write(traceValue), to: folder.appendingPathComponent("trace.evemu").path)
            try FileOutput.write(replay.engine.transcript.text, to: folder.appendingPathComponent("expected.txt").path)
            try FileOutput.write(scenario.summary + "\n", to: folder.appendingPathComponent("README").path)
            print("\(scenario.name): \(replay.engine.transcript.entries.count) entries; final \(replay.engine.model.sections.map { "\($0.id)(\($0.items.count))" }.joined(separator: " "))")
        }
        // The index lists every scenario; with --only it is written where
        // one is already (the bundled set being updated), not into a folder
        // that holds just the one scenario.
        let indexFile = root.appendingPathComponent("README.md")
        if only == nil || FileManager.default.fileExists(atPath: indexFile.path) {
            try FileOutput.write(index, to: indexFile.path)
        }
    }

    /// A capture with its times counted from its first event, as the
    /// scripts count them: `gripper record` writes evemu times as
    /// evemu-record does, the first event at 0.000001 s.
    static func fromZero(_ capture: Trace) -> Trace {
        guard let start = capture.startTime, start != .zero else { return capture }
        let events = capture.events.map { e in
            RawEvent(time: EventTime(microseconds: e.time.microseconds(since: start)), type: e.type, code: e.code,
                     value: e.value)
        }
        return Trace(device: capture.device, events: events, warnings: capture.warnings, metadata: capture.metadata)
    }
}
