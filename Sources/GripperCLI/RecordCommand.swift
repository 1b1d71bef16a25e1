import ArgumentParser
import Foundation
import GripperEvdev
import GripperInput
#if canImport(Glibc)
import Glibc
#endif

/// The write end of the self-pipe SIGINT/SIGTERM wake the recording loop
/// through; set once before the handlers are installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// `gripper record`: records a live device to an evemu or libinput-record file.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a live evdev device to an evemu or libinput-record file.",
        discussion: """
            Writes the device description, then every frame as it arrives. Stops at \
            Ctrl-C or SIGTERM (after the frame being written, closing the file properly), \
            after --duration, or when the device goes away. Attach the file to a bug report; \
            `gripper trace info FILE` shows what it holds.
            """
    )

    @Argument(help: "The device node, such as /dev/input/event5 (see `gripper devices`).")
    var device: String

    @Option(name: .shortAndLong, help: "The file to write (default: standard output).")
    var output: String?

    @Option(name: .long, help: "evemu (as evemu-record writes) or libinput (as libinput record writes).")
    var format: TraceStreamWriter.Format = .evemu

    @Option(name: .long, help: "Stop after this many seconds.")
    var duration: Double?

    @Flag(name: .long, help: "Grab the device exclusively while recording (other programs stop seeing it).")
    var grab = false

    func validate() throws {
        if let duration, !(duration > 0 && duration.isFinite) {
            throw ValidationError("--duration must be a positive number of seconds, not \(duration)")
        }
    }

    func run() throws {
        let reader: EvdevReader
        do {
            reader = try EvdevReader(path: device, grab: grab)
        } catch {
            throw BadInput.fail("\(error)")
        }
        defer { reader.close() }

        let sink: OutputSink
        do {
            sink = try OutputSink(path: output)
        } catch {
            throw BadInput.fail("\(error)")
        }
        defer { sink.close() }

        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            Self.complain("cannot create the signal pipe: \(String(cString: strerror(errno)))")
            throw ExitCode(2)
        }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        defer {
            Glibc.close(pipeEnds[0])
            Glibc.close(pipeEnds[1])
        }
        signalPipeWriteEnd = pipeEnds[1]
        let previous = Self.installSignalHandlers()
        defer { Self.restoreSignalHandlers(previous) }

        var writer = TraceStreamWriter(format: format)
        let metadata = TraceMetadata(kernel: Self.kernelRelease(), os: Self.operatingSystem(),
                                     deviceNode: device)
        try sink.write(writer.header(device: reader.device, node: device, metadata: metadata))
        let deadline = duration.map { reader.now + .microseconds(Int64(($0 * 1_000_000).rounded())) }

        loop: while true {
            let event: EvdevReader.Event?
            do {
                event = try reader.next(until: deadline, wakingOn: pipeEnds[0])
            } catch {
                Self.complain("\(error)")
                throw ExitCode(1)
            }
            switch event {
            case .frame(let frame)?:
                try sink.write(writer.text(for: frame))
            case .deviceLost?:
                try sink.write(writer.note("device lost: \(device) went away"))
                Self.complain("\(device): the device went away; the recording ends here")
            case .woken?:
                // SIGINT/SIGTERM: write the frames the kernel already has (it queues
                // whole frames), then stop.
                while case .frame(let frame)? = try? reader.next(until: reader.now) {
                    try sink.write(writer.text(for: frame))
                }
                break loop
            case .deadlineReached?, nil:
                break loop
            }
        }
    }

    private static func complain(_ message: String) {
        FileHandle.standardError.write(Data("gripper record: \(message)\n".utf8))
    }

    private typealias Handlers = (interrupt: sigaction, terminate: sigaction)

    /// Installs SIGINT and SIGTERM handlers that only write a byte to the
    /// self-pipe, which the reader's poll watches.
    private static func installSignalHandlers() -> Handlers {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(signalPipeWriteEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var oldInterrupt = sigaction()
        var oldTerminate = sigaction()
        sigaction(SIGINT, &action, &oldInterrupt)
        sigaction(SIGTERM, &action, &oldTerminate)
        // A parent may have started us with the signals blocked (the mask is
        // inherited across exec); unblock them or they would never arrive.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        return (oldInterrupt, oldTerminate)
    }

    private static func restoreSignalHandlers(_ handlers: Handlers) {
        var interrupt = handlers.interrupt
        var terminate = handlers.terminate
        sigaction(SIGINT, &interrupt, nil)
        sigaction(SIGTERM, &terminate, nil)
    }

    private static func kernelRelease() -> String? {
        var names = utsname()
        guard uname(&names) == 0 else { return nil }
        return withUnsafeBytes(of: names.release) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    private static func operatingSystem() -> String? {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return nil }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            fields[String(parts[0])] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        guard let id = fields["ID"] else { return nil }
        return fields["VERSION_ID"].map { "\(id):\($0)" } ?? id
    }
}
