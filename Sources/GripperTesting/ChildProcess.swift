import Foundation

/// Runs a program as a child process for a test, the way a person runs it:
/// the one process runner of the package's tests.
///
/// Output goes to temporary files rather than pipes, so a chatty child can
/// never block on a full pipe and a child that hangs (or leaves a grandchild
/// holding its output open) is still killed at the timeout: every wait is
/// bounded.
package enum ChildProcess {
    /// What a finished run printed and how it exited.
    package struct Result: Sendable {
        /// The exit status (or the signal number, for a child killed by one).
        package var status: Int32
        /// Everything written to standard output, as UTF-8.
        package var stdout: String
        /// Everything written to standard error, as UTF-8.
        package var stderr: String
        /// Whether the run was killed at its timeout.
        package var timedOut: Bool
    }

    /// Runs `executable` with `arguments` in `directory` (the package root
    /// unless given) with standard input from `/dev/null` (or `input`'s
    /// bytes) and waits for it, at most `timeout` seconds: then it is killed
    /// with SIGKILL and `timedOut` is set. `whileRunning` gets the process id
    /// once it has started and runs on the calling thread.
    package static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                           input: [UInt8]? = nil, environment: [String: String]? = nil,
                           timeout: TimeInterval = 120,
                           whileRunning: ((Int32) -> Void)? = nil) throws -> Result {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("gripper-child-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("stdout"), err = dir.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? Fixtures.packageRoot
        if let environment { process.environment = environment }
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        defer { try? outHandle.close(); try? errHandle.close() }
        process.standardOutput = outHandle
        process.standardError = errHandle
        if let input {
            let file = dir.appendingPathComponent("stdin")
            _ = FileManager.default.createFile(atPath: file.path, contents: Data(input))
            process.standardInput = try FileHandle(forReadingFrom: file)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        whileRunning?(process.processIdentifier)
        var timedOut = false
        if done.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            done.wait()
        }
        func text(_ url: URL) -> String {
            String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
        }
        return Result(status: process.terminationStatus, stdout: text(out), stderr: text(err), timedOut: timedOut)
    }
}
