import ArgumentParser
import Gripper
import GripperEvdev
import GripperInput
import GripperFiles
import GripperPictures
import GripperReplay
import GripperScene
#if canImport(Glibc)
import Glibc
import GripperTraces
#endif


/// `gripper live DEVICE --scene SCENE`: a ``LiveSession`` (the engine on a
/// live evdev device) drawn in the terminal and redrawn on change, the
/// transcript underneath. The loop, clocks and deadlines are the session's;
/// this command adds the terminal, keys, signals, `--duration` and `--record`.
struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Run the engine on a live device, drawn in the terminal.",
        discussion: """
            Draws the scene's viewport with ANSI colours, redraws it whenever \
            something changes, and shows the latest transcript lines beneath. \
            q, Ctrl-C or SIGTERM quits and restores the terminal; the whole \
            transcript is then printed (--json: JSON Lines). When the device \
            goes away the engine is told, the picture stays until you quit. \
            Transcript time 0, and the scene's stimuli, count from the start.

            With --device or --device-name the session follows the device \
            rather than a node: when it goes away the engine is told, and when \
            it (or another that matches, of the same kind) comes back the \
            session carries on with it, on the same clock. --wait waits for \
            the first one to appear.

            A panel mounted rotated or needing calibration: --rotate, \
            --calibration, or the device's udev property \
            LIBINPUT_CALIBRATION_MATRIX (as libinput reads it).

            --also reads more devices at the same time (a mouse and a keyboard \
            beside the touchscreen): one engine, their frames merged in time \
            order, one pointer gesture at a time (a touch while the mouse \
            button is down is ignored until it lifts, and the other way round), \
            a keyboard's keys to the keyboard moves. The loss of one does not \
            stop the others. With --also, --record writes every device to one \
            libinput-record file (.yml).
            """
    )

    @OptionGroup var selection: DeviceSelection

    @Option(name: .long, help: "The scene (JSON; see Documentation/Scenes.md).")
    var scene: String

    @Flag(name: .long, help: "Grab the device exclusively while running.")
    var grab = false

    @Flag(name: .long, help: "Print the final transcript as JSON Lines.")
    var json = false

    @Option(name: .long, help: "Quit after this many seconds (for scripts and tests).")
    var duration: Double?

    @Option(name: .customLong("also"), help: ArgumentHelp(
        "Another device to read at the same time: a node, or a kind (touchscreen, touchpad, mouse, keyboard) for the first such device present, followed as it comes and goes. Repeatable.",
        valueName: "NODE|KIND"))
    var also: [String] = []

    @Option(name: .long, help: ArgumentHelp("Also write the frames read to this evemu file (an empty frame at the start first), to replay later.", valueName: "FILE"))
    var record: String?

    @Option(name: .long, help: ArgumentHelp(
        "How long a due timer waits for frames the device stamped before it but delivers late, in milliseconds (0 to 1000; default 10). Live equals a replay of what was read whenever every frame arrives within it.",
        valueName: "MS"))
    var deliveryGrace: Double?

    @Option(name: .long, help: ArgumentHelp(
        "The panel is mounted turned this far clockwise: 0, 90, 180 or 270 (after --calibration, or the device's LIBINPUT_CALIBRATION_MATRIX).",
        valueName: "DEGREES"))
    var rotate: Int?

    @Option(name: .long, help: ArgumentHelp(
        "A calibration matrix in libinput's form, six numbers \"a b c d e f\" on positions from 0 to 1 (default: the device's udev property LIBINPUT_CALIBRATION_MATRIX, if set).",
        valueName: "MATRIX"))
    var calibration: String?

    func validate() throws {
        if let duration { _ = try DurationOption.duration(duration) }
        if let rotate, CalibrationMatrix.rotation(degrees: rotate) == nil {
            throw ValidationError("--rotate takes 0, 90, 180 or 270 degrees, not \(rotate)")
        }
        if let calibration {
            do { _ = try CalibrationMatrix(parsing: calibration) } catch { throw ValidationError("--calibration: \(error)") }
        }
        for other in also where !other.contains("/") && (DeviceKind(rawValue: other) == nil || other == "other") {
            throw ValidationError("--also takes a device node or touchscreen, touchpad, mouse or keyboard, not \(other)")
        }
        if !also.isEmpty, let record, !(record.hasSuffix(".yml") || record.hasSuffix(".yaml")) {
            throw ValidationError("--record with --also writes every device to one libinput-record file: give a .yml path, not \(record)")
        }
        if let deliveryGrace, !(0...1000).contains(deliveryGrace) {
            throw ValidationError("--delivery-grace must be 0 to 1000 milliseconds, not \(deliveryGrace)")
        }
    }

    func run() throws {
        let sceneValue = try ReplayCommand.loadScene(scene)
        // SIGINT and SIGTERM end the session; SIGWINCH redraws the terminal.
        let signals = try SignalPipe(waking: [SIGINT, SIGTERM, SIGWINCH])
        defer { signals.restore() }
        let pipeEnds = [signals.readEnd]

        let source: any LiveInputSource
        switch try selection.resolve(wakingOn: pipeEnds[0], waitingAtMost: try duration.map { try DurationOption.duration($0) }) {
        case .interrupted:
            return
        case .node(let node, let watcher):
            let reader: EvdevReader
            do { reader = try EvdevReader(path: node, grab: grab) } catch { throw BadInput.fail("\(error)") }
            if let watcher, let match = selection.match {
                source = DeviceFollower(reader: reader, match: match, watcher: watcher, grab: grab)
            } else {
                source = reader
            }
        }
        defer { source.close() }
        let matrix = try Self.matrix(calibration: calibration, rotate: rotate, node: source.path,
                                     properties: (source as? DeviceFollower)?.watcher.properties(of: source.path))
        let input: any LiveInputSource = matrix.isIdentity ? source : CalibratedSource(source, matrix: matrix)
        let others = try also.map(openOther)
        defer { for other in others { other.close() } }
        let session: LiveSession
        do {
            let grace = deliveryGrace.map { Duration.microseconds(Int64(($0 * 1000).rounded())) }
                ?? LiveSession.defaultDeliveryGrace
            session = try LiveSession(readers: [input] + others, scene: sceneValue, keepingFrames: record != nil,
                                      deliveryGrace: grace, recordingTranscript: true)
        } catch {
            throw BadInput.fail("\(error)")
        }

        // --record: the frames go to the file after each step (see LiveRecording).
        let recording = try record.map { try LiveRecording(path: $0, readers: session.readers) }

        // Draw only on a terminal: with stdout redirected, the transcript alone.
        let terminal: Terminal? = isatty(STDOUT_FILENO) == 1 ? Terminal() : nil
        terminal?.enter()
        defer { terminal?.leave() }

        let end = try duration.map { session.start + (try DurationOption.duration($0)) }
        let labels = sceneValue.pictureLabels
        var lastScreen = ""
        loop: while true {
            if let terminal {
                let clock = Self.clock(session.now, since: session.start)
                let screen = Self.screen(session.engine, labels: labels, size: terminal.size, lost: session.isDeviceLost,
                                         clock: clock)
                if screen != lastScreen { terminal.draw(screen); lastScreen = screen }
            }
            switch Terminal.pendingKey(signalPipe: pipeEnds[0], keyboard: terminal != nil) {
            case .quit: break loop
            case .resize, .none: break
            }
            // The session wakes for input and the engine's deadlines; wake at
            // least every 50 ms to look at the keyboard.
            var wake = session.now + .milliseconds(50)
            if let end { wake = min(wake, end) }
            do {
                _ = try session.step(until: wake, wakingOn: pipeEnds[0])
            } catch {
                terminal?.leave()
                throw BadInput.fail("\(error)")
            }
            try recording?.write(session)
            if let end, session.now >= end { break loop }
        }
        terminal?.leave()
        session.finish()
        let engine = session.engine
        try recording?.finish(session)
        if let warning = session.lag.warning { BadInput.note("live", "warning: \(warning)") }
        let out = OutputSink.standardOutput
        try out.write(json ? engine.transcript.jsonLines : engine.transcript.text)
        try out.close()
    }

    /// A device of `--also`: a node read as it is, or the first present
    /// device of a kind, followed as it comes and goes; its udev
    /// `LIBINPUT_CALIBRATION_MATRIX` applies (the options apply to the first
    /// device only).
    func openOther(_ spec: String) throws -> any LiveInputSource {
        let source: any LiveInputSource
        do {
            if spec.contains("/") {
                source = try EvdevReader(path: spec, grab: grab)
            } else {
                let match = DeviceMatch(kind: DeviceKind(rawValue: spec))
                let watcher = try DeviceWatcher()
                guard case .change(.added(let found)) = try watcher.firstMatch(match, in: selection.directory,
                                                                              until: watcher.now) else {
                    throw BadInput.fail("--also \(spec): no \(match) is connected; `gripper devices` lists the devices present")
                }
                source = DeviceFollower(reader: try EvdevReader(path: found.path, grab: grab), match: match,
                                        watcher: watcher, grab: grab)
            }
        } catch let error as EvdevError {
            throw BadInput.fail("\(error)")
        }
        let matrix = try Self.matrix(calibration: nil, rotate: nil, node: source.path,
                                     properties: (source as? DeviceFollower)?.watcher.properties(of: source.path))
        return matrix.isIdentity ? source : CalibratedSource(source, matrix: matrix)
    }

    /// The matrix the panel's frames go through: `--calibration`, else the
    /// device's `LIBINPUT_CALIBRATION_MATRIX` (a malformed one is reported
    /// and left out, as libinput does), then `--rotate`.
    static func matrix(calibration: String?, rotate: Int?, node: String,
                       properties: [String: String]?) throws -> CalibrationMatrix {
        var matrix = CalibrationMatrix.identity
        if let calibration {
            do { matrix = try CalibrationMatrix(parsing: calibration) } catch { throw BadInput.fail("--calibration: \(error)") }
        } else if let property = (properties ?? DeviceWatcher.properties(of: node))?["LIBINPUT_CALIBRATION_MATRIX"] {
            do {
                matrix = try CalibrationMatrix(parsing: property)
            } catch {
                BadInput.printError(Escaping.visible("gripper: \(node): LIBINPUT_CALIBRATION_MATRIX ignored: \(error)"))
            }
        }
        if let rotate, let turn = CalibrationMatrix.rotation(degrees: rotate) { matrix = matrix.followed(by: turn) }
        return matrix
    }

    /// The whole screen, scaled to the terminal: the status line (the live
    /// clock, the state, "waiting for input" while nothing is down, the
    /// scroll offset), the picture over the whole width, a line of help,
    /// then the latest transcript lines (a quarter of the rows at most).
    static func screen(_ engine: Engine, labels: PictureLabels, size: (columns: Int, rows: Int), lost: Bool,
                       clock: String) -> String {
        let columns = max(10, size.columns)
        let transcriptRows = min(6, max(0, size.rows / 4))
        let pictureRows = max(4, size.rows - 2 - transcriptRows)
        var status = "\(clock) s  \(engine.stateName)"
        if engine.contactLocation == nil { status += "  waiting for input" }
        var lines = TerminalRenderer.lines(engine.snapshot(labels: labels), columns: columns, rows: pictureRows, color: true,
                                           status: status)
        lines.append(lost ? "\u{1B}[1;31mthe device went away — q quits\u{1B}[0m" : "\u{1B}[2mq or Ctrl-C quits\u{1B}[0m")
        let room = max(0, size.rows - lines.count)
        for entry in engine.transcript.entries.suffix(room) {
            let line = entry.textLine
            lines.append(line.count > columns ? String(line.prefix(columns - 1)) + "…" : line)
        }
        return lines.joined(separator: "\u{1B}[K\r\n") + "\u{1B}[K\u{1B}[J"
    }

    /// Seconds since `start` on the reader's clock, to a tenth: the live clock.
    static func clock(_ now: EventTime, since start: EventTime) -> String {
        let micros = max(0, now.microseconds &- start.microseconds)
        return "\(micros / 1_000_000).\(micros / 100_000 % 10)"
    }
}
