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
    /// reports (exit status 2), not a silent death.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        main(nil)
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
