import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// The `gripper` command-line tool.
@main
struct GripperCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gripper",
        abstract: "Record, inspect, convert and replay touch and mouse input for reorder/edit interactions.",
        version: BuildInfo.versionText,
        subcommands: [
            TraceCommand.self,
            DevicesCommand.self,
            RecordCommand.self,
            GesturesCommand.self,
            ReplayCommand.self,
            LiveCommand.self,
            ScenariosCommand.self,
            TestCommand.self,
        ]
    )

    /// Runs the command line. SIGPIPE is ignored first, so writing to a
    /// closed pipe (`gripper … | head -c1`) is an EPIPE error the output sink
    /// reports (exit status 2), not a silent death. A bad option or value
    /// exits 2, as every other bad input does (the argument parser's own
    /// status for it is 64).
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                let text = Array((fullMessage(for: error) + "\n").utf8)
                _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// `gripper trace …`: inspect and convert recorded traces.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Inspect and convert evemu and libinput-record traces.",
        subcommands: [
            TraceInfoCommand.self,
            TraceConvertCommand.self,
            TraceCutCommand.self,
            TraceMinimizeCommand.self,
        ]
    )
}
