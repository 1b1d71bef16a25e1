import ArgumentParser
import Gripper
import GripperFiles
import GripperInput
import GripperReplay
import GripperScene
import GripperTraces

/// `gripper trace minimize IN --scene S --keep PATTERN`: the fewest frames
/// that still produce the entries that matter.
struct TraceMinimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "minimize",
        abstract: "Shrink a trace to the fewest frames whose replay still gives the entries matching a pattern.",
        discussion: """
            The entries of the whole trace's replay whose text (without the time) matches \
            --keep must come out the same, in the same order, from the result: delta \
            debugging over whole interactions, then single frames. The result starts with \
            the original first frame's time as 0 (stimuli of the scene keep their times). \
            Exit status 2 on bad input or when no entry matches.
            """
    )

    @Argument(help: "The trace to shrink.")
    var input: String

    @Option(name: .long, help: ArgumentHelp("The scene to replay on.", valueName: "SCENE"))
    var scene: String

    @Option(name: .long, help: ArgumentHelp("A regular expression: the entries that must still come out (committed, dragBegan …).", valueName: "PATTERN"))
    var keep: String

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The file to write (default: IN with .min before its extension).", valueName: "FILE"))
    var output: String?

    @Option(name: .long, help: ArgumentHelp("evemu: the .desc of an events-only file. libinput record: the device, by index or node.", valueName: "DESC"))
    var device: String?

    @Option(name: .long, help: ArgumentHelp("A case.json whose gesture settings to replay with.", valueName: "FILE"))
    var settings: String?

    func run() throws {
        let pattern = try PatternOption.regex(keep, option: "--keep")
        let target = output ?? Self.defaultOutput(for: input)
        _ = try BadInput.guarding { try TraceFile.Format(path: target) }
        // A libinput-record file of several devices (a toolkit session's
        // recording) without --device: every device, minimized together.
        var traces: [Trace] = []
        do {
            for reader in device == nil ? try TraceInput.openAll([input], device: nil) : [try TraceInput.open(input, device: device)] {
                traces.append(try reader.readTrace())
            }
        } catch let exit as ExitCode { throw exit } catch {
            throw BadInput.fail("\(error)")
        }
        let sceneValue = try ReplayCommand.loadScene(scene)
        let gestures = try TraceCutCommand.gestures(settings)
        var minimizer = TraceMinimizer(trace: traces[0], scene: sceneValue, gestures: gestures) { $0.contains(pattern) }
        minimizer.moreDevices = Array(traces.dropFirst())
        let result: TraceMinimizer.Result
        do {
            result = try minimizer.minimize()
        } catch let error as SceneError {
            throw BadInput.fail(ReplayCommand.naming(error, scene).description)
        } catch {
            throw BadInput.fail("\(input): \(error) (--keep \(keep))")
        }
        let written = [result.trace] + result.moreDevices
        try BadInput.guarding { try TraceFile.save(written.map { TraceFrameReader(trace: $0) }, to: target) }
        for line in result.kept { print("kept: \(line)") }
        let contacts = written.reduce(0) { $0 + TraceSummary(trace: $1).contactCount }
        print("wrote \(target): \(result.frames) of \(result.originalFrames) frames, \(TraceCut.seconds(written.map(\.duration).max() ?? .zero)) s, "
              + "\(contacts) contacts (\(result.replays) replays"
              + (result.complete ? ")" : "; stopped at the replay limit)"))
    }

    /// `bug.evemu` → `bug.min.evemu`; an events-only file becomes an evemu
    /// file with its description (`x.events` → `x.min.evemu`).
    static func defaultOutput(for input: String) -> String {
        let ext = PathText.pathExtension(input).lowercased()
        let stem = PathText.deletingPathExtension(input)
        return stem + ".min." + (ext == "events" || ext == "desc" || ext.isEmpty ? "evemu" : ext)
    }
}
