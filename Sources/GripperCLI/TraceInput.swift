import ArgumentParser
import Gripper
import GripperFiles
import GripperInput
import GripperTraces

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

    /// The readers of every device of `files` for a command that takes
    /// several devices: each evemu file's one device, each libinput-record
    /// file's every device — or, with `device` (one file only), the device
    /// it names. Bad input becomes its message on stderr and exit code 2.
    static func openAll(_ files: [String], device: String?) throws -> [TraceFrameReader] {
        if let device, let file = files.first { return [try open(file, device: device)] }
        var readers: [TraceFrameReader] = []
        for file in files {
            if (try? TraceFile.Format(path: file)) == .libinputRecord {
                readers += try BadInput.guarding { try TraceFile.openAll(path: file) }
            } else {
                readers.append(try open(file, device: nil))
            }
        }
        return readers
    }

    /// Calls `body` with the frames of several devices' readers merged in
    /// time order, each tagged with its device (the i-th reader: device i);
    /// a tie goes to the lower device, and each device's frames keep their
    /// order. Holds one frame per reader. A malformed line becomes its
    /// message on stderr and exit code 2.
    static func forEachFrame(of readers: [TraceFrameReader], _ body: (DeviceFrame) throws -> Void) throws {
        let frames = try MergedFrames(readers)
        for frame in frames { try body(frame) }
        try frames.check()
    }

    /// The frames of several devices' readers merged in time order, read
    /// as they are asked for (in the order `forEachFrame(of:_:)` gives them):
    /// a sequence for code that takes one, such as a replay with pictures,
    /// holding one frame per reader whatever the traces hold. A malformed
    /// line ends the sequence; ``check()`` then throws it (message on
    /// stderr, exit code 2).
    final class MergedFrames: Sequence, IteratorProtocol {
        private let readers: [TraceFrameReader]
        private var heads: [EventFrame?] = []
        private var failure: String?

        /// Reads each reader's first frame.
        init(_ readers: [TraceFrameReader]) throws {
            self.readers = readers
            for reader in readers {
                do { heads.append(try reader.next()) } catch { throw BadInput.fail(error.description) }
            }
        }

        func next() -> DeviceFrame? {
            guard failure == nil else { return nil }
            guard let b = DeviceFrame.earliest(heads.count, { heads[$0]?.time }), let frame = heads[b] else { return nil }
            do { heads[b] = try readers[b].next() } catch {
                heads[b] = nil
                failure = error.description
            }
            return DeviceFrame(frame, from: InputDeviceID(index: b))
        }

        /// Throws the malformed line that ended the frames, if one did.
        func check() throws {
            if let failure { throw BadInput.fail(failure) }
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
