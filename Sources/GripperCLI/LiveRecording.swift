import Gripper
import GripperEvdev
import GripperFiles
import GripperInput
import GripperTraces
#if canImport(Glibc)
import Glibc
#endif

/// `gripper live --record`: the frames the session hands the engine, written
/// as they come (after each step), with the header `gripper record` writes
/// (``RecordingMetadata``), so a long session keeps one step's frames in
/// memory, not all of them.
///
/// One device: an evemu file written in place, like `gripper record` (a
/// session cut short keeps its frames), with a note where the device went
/// away. Several (`--also`): one libinput-record file, whose devices are
/// blocks one after another; each device's block streams to a scratch file
/// of its own (made like `mkstemp`, in the output's folder, and unlinked at
/// once, so nothing is left behind whatever happens), and the file is put
/// together from them at the end and renamed into place.
final class LiveRecording {
    private let path: String
    private let readers: [any LiveInputSource]
    /// One device: the file itself. Several: nil until ``finish(_:)``.
    private var sink: OutputSink?
    private var writers: [TraceWriter]
    private var scratches: [ScratchFile] = []
    private var lossesWritten = 0

    /// Opens the recording of `readers` (the session's, in its order) at `path`.
    /// - Throws: exit status 2 with the reason when the file or a scratch file cannot be made.
    init(path: String, readers: [any LiveInputSource]) throws {
        self.path = path
        self.readers = readers
        if readers.count == 1 {
            let sink = try OutputSink(path: path, replacing: false)
            var writer = TraceWriter(format: .evemu)
            writer.beginDevice(readers[0].device, metadata: RecordingMetadata.here(deviceNode: readers[0].path))
            try writer.drain { try sink.write($0) }
            try sink.flush()
            self.sink = sink
            writers = [writer]
        } else {
            writers = []
            for (index, reader) in readers.enumerated() {
                scratches.append(try ScratchFile(near: path))
                var writer = TraceWriter(format: .libinputRecord)
                var metadata = TraceMetadata()
                metadata.deviceNode = reader.path
                writer.beginDevice(reader.device, metadata: metadata, index: index)
                writers.append(writer)
            }
        }
    }

    /// Writes the frames the session kept since the last call, and where a
    /// device went away before them.
    func write(_ session: LiveSession) throws {
        let frames = session.takeKeptFrames()
        if let sink {
            let losses = session.deviceLosses
            for tagged in frames {
                while lossesWritten < losses.count, losses[lossesWritten] < tagged.frame.time {
                    writers[0].appendNote(
                        "device lost at \(losses[lossesWritten].microseconds) µs; the frames after it come from the device that returned")
                    lossesWritten += 1
                }
                writers[0].append(EventFrame(time: tagged.frame.time, events: tagged.frame.events))
            }
            try writers[0].drain { try sink.write($0) }
            try sink.flush()
        } else {
            for tagged in frames where writers.indices.contains(tagged.device.index) {
                writers[tagged.device.index].append(EventFrame(time: tagged.frame.time, events: tagged.frame.events))
            }
            for index in writers.indices where writers[index].pendingByteCount >= FileOutput.bufferSize {
                try drain(index)
            }
        }
    }

    /// Writes what is left once the session is finished — its last frames,
    /// the losses not yet noted, its lag — and closes the file.
    func finish(_ session: LiveSession) throws {
        try write(session)
        if let sink {
            for loss in session.deviceLosses.dropFirst(lossesWritten) {
                writers[0].appendNote("device lost at \(loss.microseconds) µs")
            }
            if let warning = session.lag.warning { writers[0].appendNote("lag: \(warning)") }
            try writers[0].drain { try sink.write($0) }
            try sink.close()
            return
        }
        for index in writers.indices { try drain(index) }
        let sink = try OutputSink(path: path, replacing: true)
        var header = TraceWriter(format: .libinputRecord)
        header.beginFile(metadata: RecordingMetadata.here(deviceNode: nil), deviceCount: readers.count)
        try header.drain { try sink.write($0) }
        for scratch in scratches {
            try scratch.copy { try sink.write($0) }
        }
        for loss in session.losses {
            header.appendNote("\(loss.device) lost at \(loss.time.microseconds) µs")
        }
        if let warning = session.lag.warning { header.appendNote("lag: \(warning)") }
        try header.drain { try sink.write($0) }
        try sink.close()
    }

    private func drain(_ index: Int) throws {
        let scratch = scratches[index]
        try writers[index].drain { try scratch.write($0) }
    }
}

/// A file only this process can reach: made like `mkstemp` (a new file
/// under an unpredictable name, `O_EXCL`, never through a link) in the
/// folder of the file it serves, and unlinked at once, so it goes when its
/// descriptor closes, whatever happens. Written, then read back whole.
final class ScratchFile {
    private let fd: Int32
    private let near: String

    /// A scratch file in `path`'s folder.
    /// - Throws: exit status 2 naming the folder when it cannot be made.
    init(near path: String) throws {
        near = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(base).gripper-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw BadInput.fail("cannot write \(path): no scratch file in its folder: \(FileProblem.phrase(errno: errno))")
        }
        let made = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        unlink(made)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        self.fd = fd
    }

    deinit { close(fd) }

    /// Appends `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw BadInput.fail("cannot write \(near): its scratch file: \(FileProblem.phrase(errno: errno))")
            }
            done += n
        }
    }

    /// Hands everything written to `body`, a megabyte at a time.
    func copy(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw BadInput.fail("cannot write \(near): its scratch file: \(FileProblem.phrase(errno: errno))")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer.baseAddress!, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw BadInput.fail("cannot write \(near): its scratch file: \(FileProblem.phrase(errno: errno))")
            }
            if n == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
        }
    }
}
