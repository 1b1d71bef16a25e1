import ArgumentParser
import Gripper
import GripperFiles
import GripperInput

/// The trace a command reads: `FILE [--device DESC]`, opened the same way by
/// every command that reads one, with bad input reported through ``BadInput``.
/// Commands read it a frame at a time (``TraceFrameReader``), so their memory
/// does not grow with the file.
struct TraceInput: ParsableArguments {
    @Argument(help: "An evemu trace (.evemu, .events, .desc, .txt) or a libinput-record file (.yml, .yaml). An events-only .events file takes its device from the .desc beside it (the longest .desc whose name prefixes it) or from --device.")
    var file: String

    @Option(name: .long, help: ArgumentHelp(
        "evemu: the .desc file describing an events-only file (default: the .desc beside it). libinput record: the device to read, by index (0, 1, …) or node (/dev/input/event4).",
        valueName: "DESC"))
    var device: String?

    /// Opens the trace; bad input becomes its message on stderr and exit code 2.
    func open() throws -> TraceFrameReader {
        try Self.open(file, device: device)
    }

    /// Opens `file` with the `--device` option `device`; bad input becomes
    /// its message on stderr and exit code 2.
    static func open(_ file: String, device: String?) throws -> TraceFrameReader {
        try BadInput.guarding {
            try TraceFile.open(path: file, deviceSelector: TraceFile.selector(forDeviceOption: device, path: file))
        }
    }

    /// Calls `body` with each frame `reader` gives; a malformed line becomes
    /// its message on stderr and exit code 2 (what `body` throws passes through).
    static func forEachFrame(of reader: TraceFrameReader, _ body: (EventFrame) throws -> Void) throws {
        while true {
            let frame: EventFrame?
            do { frame = try reader.next() } catch { throw BadInput.fail(error.description) }
            guard let frame else { return }
            try body(frame)
        }
    }
}
