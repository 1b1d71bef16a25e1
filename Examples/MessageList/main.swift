// An example embedding of Gripper: an app with its own 100,000 messages and
// its own rules, driven by a recorded long-press drag, with new mail arriving
// in the middle of the drag. It prints what happens and every transition a
// renderer would animate. See Sources/Gripper/Gripper.docc/EmbeddingGripper.md.
//
//   swift run MessageListExample [TRACE.evemu] [--inbox N] [--mail-at SECONDS]
//
// Exit status: 0 when the run kept every message (the app's storage equals
// the engine's model, each identity once), 1 when it did not, 2 on bad input.
import Foundation
import Gripper
import GripperTraces

/// The options, from the command line.
struct Options {
    /// The evemu trace to replay.
    var tracePath: String
    /// How many messages the inbox holds.
    var inboxCount = 100_000
    /// When, from the trace's first frame, three new messages arrive.
    var mailAt: Duration = .milliseconds(1300)

    /// The bundled recording this example replays by default: a long-press
    /// drag down four rows, then one from row 7 to the top.
    static let defaultTrace: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Recordings/scenarios/long-press-drag-down-up/trace.evemu").path
    }()

    init(_ arguments: [String]) throws(ExampleError) {
        tracePath = Self.defaultTrace
        var rest = arguments[...]
        while let arg = rest.popFirst() {
            switch arg {
            case "--inbox":
                guard let n = rest.popFirst().flatMap({ Int($0) }), n >= 10 else {
                    throw ExampleError("--inbox needs a count of at least 10")
                }
                inboxCount = n
            case "--mail-at":
                guard let s = rest.popFirst().flatMap({ Double($0) }), s >= 0, s < 3600 else {
                    throw ExampleError("--mail-at needs seconds from the trace's start (0 to 3600)")
                }
                mailAt = .microseconds(Int64(s * 1_000_000))
            default:
                guard !arg.hasPrefix("-") else { throw ExampleError("unknown option \(arg)") }
                tracePath = arg
            }
        }
    }
}

/// A problem with the example's input, printed on standard error.
struct ExampleError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String
    init(_ description: String) { self.description = description }
}

do {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    guard let data = FileManager.default.contents(atPath: options.tracePath) else {
        throw ExampleError("\(options.tracePath): cannot read the file")
    }
    let reader = try EvemuFormat.reader(TraceBytes(Array(data)), fileName: options.tracePath)
    var app = try MessageListApp(store: MessageStore(pinnedCount: 1, inboxCount: options.inboxCount),
                             device: reader.device)
    print("messages: \(app.store.pinned.count) pinned + \(app.store.inbox.count) in the inbox; "
          + "trace \(options.tracePath.split(separator: "/").suffix(2).joined(separator: "/")) "
          + "from \"\(reader.device.name)\"")
    try app.run(reader, mailAfter: options.mailAt)
    exit(app.finish() ? 0 : 1)
} catch let error as ExampleError {
    FileHandle.standardError.write(Data("message-list: \(error)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("message-list: \(error)\n".utf8))
    exit(2)
}
