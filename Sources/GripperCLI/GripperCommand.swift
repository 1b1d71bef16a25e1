import ArgumentParser

/// The `gripper` command-line tool.
@main
struct GripperCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gripper",
        abstract: "Record, inspect, convert and replay touch and mouse input for reorder/edit interactions.",
        subcommands: [
            TraceCommand.self,
            DevicesCommand.self,
            RecordCommand.self,
            GesturesCommand.self,
        ]
    )
}

/// `gripper trace …`: inspect and convert recorded traces.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Inspect and convert evemu and libinput-record traces.",
        subcommands: [
            TraceInfoCommand.self,
            TraceConvertCommand.self,
        ]
    )
}
