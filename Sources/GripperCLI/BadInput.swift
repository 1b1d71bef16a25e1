import ArgumentParser
import Gripper
import GripperFiles
import GripperInput
import GripperTraces
#if canImport(Glibc)
import Glibc
#endif

/// The CLI's rule for bad input and failed output: the message on stderr and
/// exit code 2. Subcommands wrap their work in ``guarding(_:)``.
enum BadInput {
    /// The exit code for bad input (a missing, unreadable or malformed file)
    /// and for output that cannot be written.
    static let exitCode = ExitCode(2)

    /// Runs `body`; a ``TraceError`` or ``FileOutput/Failure`` becomes its
    /// message on stderr and exit code 2.
    static func guarding<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TraceError {
            throw fail(error.description)
        } catch let error as FileOutput.Failure {
            throw fail(error.description)
        }
    }

    /// Prints `message` on stderr and returns the error that exits with code 2.
    /// Its controls made visible (`Escaping.visible`): a message names
    /// files, devices and excerpts of what it read, any of which may hold a
    /// line feed or a terminal escape (a name from a folder someone else
    /// made, a trace's bytes), and stderr is often a terminal or a CI log.
    static func fail(_ message: String) -> ExitCode {
        note(nil, message)
        return exitCode
    }

    /// Prints `message` on stderr after `gripper COMMAND: ` (`gripper: `
    /// without a command), its controls made visible as ``fail(_:)`` makes
    /// them, without ending the command: a warning, or what a command says
    /// before the exit status it chooses.
    static func note(_ command: String?, _ message: String) {
        printError("gripper\(command.map { " \($0)" } ?? ""): " + Escaping.visible(message))
    }

    /// Writes a line to stderr (whatever happens to it: stderr is where
    /// failures are reported, so its own failure has nowhere to go).
    static func printError(_ line: String) {
        try? FileOutput.write(line + "\n", toDescriptor: STDERR_FILENO, name: "standard error")
    }

    /// Prints a reader's warnings on stderr (the first few, then how many
    /// more), each prefixed by `prefix`.
    static func printWarnings(_ warnings: [TraceWarning], prefix: String = "") {
        for warning in warnings { printError(Escaping.visible(prefix + warning.description)) }
    }
}
