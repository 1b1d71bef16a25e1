import ArgumentParser
import Gripper
import GripperInput

/// The trace a command reads: `FILE [--device DESC]`, loaded the same way by
/// every command that reads one, with bad input reported through ``BadInput``.
struct TraceInput: ParsableArguments {
    @Argument(help: "An evemu trace (.evemu, .events, .desc, .txt) or a libinput-record file (.yml, .yaml). An events-only .events file takes its device from the .desc beside it (the longest .desc whose name prefixes it) or from --device.")
    var file: String

    @Option(name: .long, help: ArgumentHelp(
        "evemu: the .desc file describing an events-only file (default: the .desc beside it). libinput record: the device to read, by index (0, 1, …) or node (/dev/input/event4).",
        valueName: "DESC"))
    var device: String?

    /// Loads the trace; bad input becomes its message on stderr and exit code 2.
    func load() throws -> Trace {
        try BadInput.guarding {
            try TraceFile.load(path: file, deviceSelector: TraceFile.selector(forDeviceOption: device, path: file))
        }
    }
}
