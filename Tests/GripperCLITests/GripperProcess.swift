import Foundation
import GripperTesting

/// The command tests' short spelling of GripperTesting's ``ChildProcess``:
/// `gripper arguments…` run from the package root.
enum GripperProcess {
    typealias Result = ChildProcess.Result

    /// The built `gripper` executable.
    static var binary: URL { BuiltProducts.gripper }

    /// Runs `gripper arguments…` and waits for it, at most `timeout` seconds.
    static func run(_ arguments: [String], timeout: TimeInterval = 120) throws -> Result {
        try ChildProcess.run(binary, arguments, timeout: timeout)
    }

    /// Runs any program, as ``run(_:timeout:)`` does.
    static func run(executable: URL, _ arguments: [String], timeout: TimeInterval = 120) throws -> Result {
        try ChildProcess.run(executable, arguments, timeout: timeout)
    }
}
