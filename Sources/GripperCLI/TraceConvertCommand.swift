import ArgumentParser
import Gripper
import GripperInput

/// `gripper trace convert IN OUT [--device DESC]`: converts between evemu and
/// libinput-record traces, the formats taken from the file extensions.
struct TraceConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a trace between evemu (.evemu .events .desc .txt) and libinput record (.yml .yaml).",
        discussion: """
        Exit codes: 0 success, 2 bad input (the message names file and line).
        An events-only .events file takes its device from the .desc beside it \
        (the longest .desc whose name prefixes the events file's) or from --device.
        """
    )

    @Argument(help: "The trace to read.")
    var input: String

    @Argument(help: "The file to write; its extension picks the format.")
    var output: String

    @Option(name: .long, help: ArgumentHelp(
        "evemu input: the .desc file describing an events-only file. libinput-record input: the device to read, by index (0, 1, …) or node (/dev/input/event4), or 'all' (to a .yml output).",
        valueName: "DESC"))
    var device: String?

    func run() throws {
        try BadInput.guarding {
            if device == "all" {
                try TraceFile.save(traces: try TraceFile.loadAll(path: input), to: output)
                return
            }
            let selector = try TraceFile.selector(forDeviceOption: device, path: input)
            _ = try TraceFile.Format(path: output)
            let trace = try TraceFile.load(path: input, deviceSelector: selector)
            for warning in trace.warnings { BadInput.printError(warning.description) }
            try TraceFile.save(trace: trace, to: output)
        }
    }
}
