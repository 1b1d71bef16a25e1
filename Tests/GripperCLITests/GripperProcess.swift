import Foundation
import GripperTesting

/// Runs the built `gripper` (or another program) as a child process, the way
/// a person runs it, for the command tests of this target.
enum GripperProcess {
    /// What a finished run printed and how it exited.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built `gripper` executable, in the build products folder beside
    /// the test bundle.
    static let binary: URL = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // The test runner may sit inside `…/debug/GripperPackageTests.xctest/…`.
        while dir.path != "/", !FileManager.default.fileExists(atPath: dir.appendingPathComponent("gripper").path) {
            dir.deleteLastPathComponent()
        }
        return dir.appendingPathComponent("gripper")
    }()

    /// Runs `gripper arguments…` from the package root and waits for it,
    /// at most `timeout` seconds (then kills it, so a test never hangs).
    /// Both pipes are drained at once, so a chatty stderr cannot block it.
    static func run(_ arguments: [String], timeout: TimeInterval = 120) throws -> Result {
        try run(executable: binary, arguments, timeout: timeout)
    }

    /// Runs any program, as ``run(_:timeout:)`` does.
    static func run(executable: URL, _ arguments: [String], timeout: TimeInterval = 120) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let errBox = DataBox()
        let drained = DispatchGroup()
        drained.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            drained.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            process.waitUntilExit()
        }
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errBox.data, as: UTF8.self))
    }

    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }
}
