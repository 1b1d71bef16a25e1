import ArgumentParser
import Gripper
import GripperEvdev
import GripperInput
import GripperFiles
#if canImport(Glibc)
import Glibc
import GripperTraces
#endif

/// The write end of the self-pipe SIGINT/SIGTERM wake the recording loop
/// through; set once before the handlers are installed.

/// `gripper record`: records a live device to an evemu or libinput-record file.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a live evdev device to an evemu or libinput-record file.",
        discussion: """
            Writes the device description, then every frame as it arrives. Stops at \
            Ctrl-C or SIGTERM (after the frame being written, closing the file properly), \
            after --duration, or when the device goes away. --device/--device-name pick \
            the first device that matches (--wait: the first to appear); the recording \
            still ends when it goes away (a file holds one device). Attach the file to a bug report; \
            `gripper trace info FILE` shows what it holds.

            The format: --format if given, else the extension of -o FILE (.yml or .yaml: \
            libinput record; anything else: evemu), else evemu. A --format that contradicts \
            the extension (--format evemu -o x.yml) is refused with exit status 2. A write \
            error (a full disk, a closed pipe) stops the recording with exit status 2 and \
            a message naming the file.
            """
    )

    @OptionGroup var selection: DeviceSelection

    @Option(name: .shortAndLong, help: "The file to write (default: standard output).")
    var output: String?

    @Option(name: .long, help: "evemu (as evemu-record writes) or libinput (as libinput record writes). Default: from the extension of -o FILE (.yml, .yaml: libinput), else evemu.")
    var format: TraceFormat?

    @Option(name: .long, help: "Stop after this many seconds.")
    var duration: Double?

    @Flag(name: .long, help: "Grab the device exclusively while recording (other programs stop seeing it).")
    var grab = false

    func validate() throws {
        if let duration { _ = try DurationOption.duration(duration) }
        _ = try chosenFormat()
    }

    /// The format to write: `--format`, else the output's extension, else
    /// evemu; a `--format` the extension contradicts is exit status 2.
    func chosenFormat() throws -> TraceFormat {
        let fromExtension = output.flatMap { try? TraceFormat(path: $0) }
        switch (format, fromExtension) {
        case let (given?, implied?) where given != implied:
            throw BadInput.fail("--format \(given.argument) contradicts \(output ?? ""), whose extension means "
                                + "\(implied == .libinputRecord ? "libinput record" : "evemu"); drop --format or rename the file")
        case let (given?, _): return given
        case let (nil, implied?): return implied
        case (nil, nil): return .evemu
        }
    }

    func run() throws {
        let format = try chosenFormat()
        // SIGINT and SIGTERM end the recording (what the kernel has is written first).
        let signals = try SignalPipe(waking: [SIGINT, SIGTERM])
        defer { signals.restore() }
        let pipeEnds = [signals.readEnd]

        let device: String
        switch try selection.resolve(wakingOn: pipeEnds[0], waitingAtMost: try duration.map { try DurationOption.duration($0) }) {
        case .interrupted: return
        case .node(let node, let watcher):
            watcher?.close()
            device = node
        }
        let reader: EvdevReader
        do {
            reader = try EvdevReader(path: device, grab: grab)
        } catch {
            throw BadInput.fail("\(error)")
        }
        defer { reader.close() }
        // In place, not replaced at the end: a recording cut short keeps its frames.
        let sink = try OutputSink(path: output, replacing: false)

        var writer = TraceWriter(format: format, times: .fromFirstEvent)
        let metadata = RecordingMetadata.here(deviceNode: device)
        writer.beginFile(metadata: metadata)
        writer.beginDevice(reader.device, metadata: metadata)
        try writer.drain { try sink.write($0) }
        try sink.flush()
        let deadline = try duration.map { reader.now + (try DurationOption.duration($0)) }
        // Every frame goes to the file as it arrives (a recording cut short keeps it).
        func write(_ frame: EventFrame) throws {
            writer.append(frame)
            try writer.drain { try sink.write($0) }
            try sink.flush()
        }

        loop: while true {
            let event: EvdevReader.Event?
            do {
                event = try reader.next(until: deadline, wakingOn: pipeEnds[0])
            } catch {
                BadInput.note("record", "\(error)")
                throw ExitCode(1)
            }
            switch event {
            case .frame(let frame)?:
                try write(frame)
            case .deviceLost?:
                writer.appendNote("device lost: \(device) went away")
                try writer.drain { try sink.write($0) }
                BadInput.note("record", "\(device): the device went away; the recording ends here")
            case .woken?:
                // SIGINT/SIGTERM: write the frames the kernel already has (it queues
                // whole frames), then stop.
                while case .frame(let frame)? = try? reader.next(until: reader.now) {
                    try write(frame)
                }
                break loop
            case .deadlineReached?, .deviceArrived?, nil:
                break loop
            }
        }
        try sink.close()
    }
}

/// `--format evemu|libinput`: a trace format as the commands spell it.
extension TraceFormat: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "evemu": self = .evemu
        case "libinput": self = .libinputRecord
        default: return nil
        }
    }

    /// The format as an option names it.
    var argument: String { self == .evemu ? "evemu" : "libinput" }

    public static var allValueStrings: [String] { allCases.map(\.argument) }
    public var defaultValueDescription: String { argument }
}
