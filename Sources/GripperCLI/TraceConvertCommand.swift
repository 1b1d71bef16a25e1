import ArgumentParser
import Gripper
import GripperFiles
import GripperInput

/// `gripper trace convert IN OUT [--device DESC]`: converts between evemu and
/// libinput-record traces, the formats taken from the file extensions.
struct TraceConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a trace between evemu (.evemu .events .desc .txt) and libinput record (.yml .yaml).",
        discussion: """
        Exit codes: 0 success, 2 bad input (the message names file and line) or \
        an output that cannot be written (a full disk: the message names the file). \
        The trace is converted a frame at a time into a temporary file beside \
        OUT, renamed into place when complete, so a failed conversion leaves no \
        half-written OUT.
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
            _ = try TraceFile.Format(path: output)
            let readers = device == "all"
                ? try TraceFile.openAll(path: input)
                : [try TraceFile.open(path: input, deviceSelector: try TraceFile.selector(forDeviceOption: device, path: input))]
            try TraceFile.save(readers, to: output)
            for reader in readers { BadInput.printWarnings(reader.warnings) }
        }
    }
}
