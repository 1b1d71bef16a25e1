import ArgumentParser
import Gripper
import GripperFiles
#if canImport(Glibc)
import Glibc
#endif

/// Where a command's output goes: standard output or a file, through one
/// buffered writer (``FileOutput``) whose every error names the destination.
/// A full disk, `/dev/full` or a closed pipe make the command fail with exit
/// status 2 and `gripper: cannot write standard output: broken pipe (…)`,
/// never a silent status 0 (`main` ignores SIGPIPE, so a closed pipe is the
/// EPIPE error here rather than a silent death).
///
/// Files are written in place (`replacing: false`, a recording that must
/// keep every frame so far) or to a temporary file renamed over the path by
/// ``close()`` (a conversion or picture that must not be left half written).
final class OutputSink {
    private let output: FileOutput

    /// The destination's name in messages: the path or "standard output".
    var name: String { output.name }

    /// A new sink on standard output (a command makes one and writes all its
    /// output through it, so the buffer keeps the order).
    static var standardOutput: OutputSink { OutputSink(output: .standardOutput()) }

    private init(output: FileOutput) {
        self.output = output
    }

    /// A file, created or truncated (`path` nil: standard output).
    /// - Throws: exit status 2 with the reason on stderr when it cannot be created.
    convenience init(path: String?, replacing: Bool = false) throws {
        guard let path else {
            self.init(output: .standardOutput())
            return
        }
        do {
            self.init(output: try FileOutput(path: path, replacing: replacing))
        } catch {
            throw BadInput.fail(error.description)
        }
    }

    /// Writes `text` (buffered).
    /// - Throws: exit status 2 with `cannot write NAME: …` on stderr.
    func write(_ text: String) throws {
        do { try output.write(text) } catch { throw BadInput.fail(error.description) }
    }

    /// Writes `bytes` (buffered).
    /// - Throws: exit status 2 with `cannot write NAME: …` on stderr.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        do { try output.write(bytes) } catch { throw BadInput.fail(error.description) }
    }

    /// Sends what is buffered on (after each live line, say).
    /// - Throws: exit status 2 with `cannot write NAME: …` on stderr.
    func flush() throws {
        do { try output.flush() } catch { throw BadInput.fail(error.description) }
    }

    /// Finishes: flushes, and for a file syncs, closes and (when replacing)
    /// renames it into place. Call it once the output is complete; a file
    /// never closed this way is removed when replacing.
    /// - Throws: exit status 2 with `cannot write NAME: …` on stderr.
    func close() throws {
        do { try output.commit() } catch { throw BadInput.fail(error.description) }
    }
}
