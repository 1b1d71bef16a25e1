import ArgumentParser
import Foundation
import GripperInput

/// The CLI's rule for bad input: the message on stderr and exit code 2.
/// Subcommands wrap their work in ``guarding(_:)``.
enum BadInput {
    /// The exit code for bad input (a missing, unreadable or malformed file).
    static let exitCode = ExitCode(2)

    /// Runs `body`; a ``TraceError`` becomes its message on stderr and exit code 2.
    static func guarding<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TraceError {
            throw fail(error.description)
        }
    }

    /// Prints `message` on stderr and returns the error that exits with code 2.
    static func fail(_ message: String) -> ExitCode {
        printError("gripper: \(message)")
        return exitCode
    }

    /// Writes a line to stderr.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
