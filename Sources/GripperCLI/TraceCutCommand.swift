import ArgumentParser
import Gripper
import GripperFiles
import GripperInput
import GripperReplay
import GripperScene
import GripperTraces

/// `gripper trace cut IN OUT`: a part of a trace as a trace of its own.
struct TraceCutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cut",
        abstract: "Keep a part of a trace: a time range, some contacts' touches, or what lies around a transcript entry.",
        discussion: """
            Times are seconds from the first frame, as transcripts count them. The part \
            grows to start and end between touches (no contact down) unless --exact; \
            times are rebased so the first frame kept is at 0, and the device \
            description is kept. A frame at 0 sets what the device had set before the \
            cut (axis values it does not repeat, the current slot, keys, a mouse's \
            position), so the cut replays as that part of the whole did. The format of \
            OUT comes from its extension (.evemu, .yml …). Exit status 2 on bad input.
            """
    )

    @Argument(help: "The trace to read.")
    var input: String

    @Argument(help: "The file to write; its extension picks the format.")
    var output: String

    @Option(name: .long, help: ArgumentHelp("evemu: the .desc of an events-only file. libinput record: the device, by index or node.", valueName: "DESC"))
    var device: String?

    @Option(name: .long, help: ArgumentHelp("Keep from this time on (seconds from the first frame).", valueName: "SECONDS"))
    var from: Double?

    @Option(name: .long, help: ArgumentHelp("Keep up to this time (seconds from the first frame).", valueName: "SECONDS"))
    var to: Double?

    @Option(name: .long, help: ArgumentHelp("Keep these contacts' touches (ids as gripper trace info lists them: 4,5).", valueName: "IDS"))
    var contacts: String?

    @Option(name: .long, help: ArgumentHelp("Keep what lies around the first transcript entry matching this regular expression (needs --scene).", valueName: "PATTERN"))
    var around: String?

    @Option(name: .long, help: ArgumentHelp("With --around: the scene to replay on.", valueName: "SCENE"))
    var scene: String?

    @Option(name: .long, help: ArgumentHelp("With --around: a case.json whose gesture settings to replay with.", valueName: "FILE"))
    var settings: String?

    @Option(name: .long, help: ArgumentHelp("With --around: take the N-th matching entry (default 1).", valueName: "N"))
    var occurrence: Int = 1

    @Option(name: .long, help: ArgumentHelp("With --around: also keep this long before the entry (seconds).", valueName: "SECONDS"))
    var before: Double = 0

    @Option(name: .long, help: ArgumentHelp("With --around: also keep this long after the entry (seconds).", valueName: "SECONDS"))
    var after: Double = 0

    @Flag(name: .long, help: "Cut exactly at the times given, even in the middle of a touch (its state is set at 0).")
    var exact = false

    func run() throws {
        let modes = [from != nil || to != nil, contacts != nil, around != nil].filter { $0 }.count
        guard modes == 1 else { throw BadInput.fail("trace cut: give one of --from/--to, --contacts or --around") }
        if around == nil, scene != nil || settings != nil {
            throw BadInput.fail("trace cut: --scene and --settings go with --around")
        }
        _ = try BadInput.guarding { try TraceFile.Format(path: output) }
        // A libinput-record file of several devices (a toolkit session's
        // recording) without --device: every device, cut to one window.
        var traces: [Trace] = []
        do {
            for reader in device == nil ? try TraceInput.openAll([input], device: nil) : [try TraceInput.open(input, device: device)] {
                traces.append(try reader.readTrace())
            }
        } catch let exit as ExitCode { throw exit } catch {
            throw BadInput.fail("\(error)")
        }
        let trace = traces[0]
        let selection: TraceCut.Selection
        if let contacts {
            var ids = Set<Int>()
            for part in contacts.split(separator: ",", omittingEmptySubsequences: false) {
                guard let id = Int(Self.trimmingSpaces(part)), id >= 1 else {
                    throw BadInput.fail("--contacts takes contact ids from 1, separated by commas (4,5), not \(contacts)")
                }
                ids.insert(id)
            }
            selection = .contacts(ids)
        } else if let around {
            guard let scene else { throw BadInput.fail("--around needs --scene to replay the trace on") }
            guard occurrence >= 1 else { throw BadInput.fail("--occurrence must be 1 or more, not \(occurrence)") }
            let pattern = try PatternOption.regex(around, option: "--around")
            let sceneValue = try ReplayCommand.loadScene(scene)
            let gestures = try Self.gestures(settings)
            let engine: Engine
            var replayCase = ReplayCase(name: input, trace: trace, scene: sceneValue, gestures: gestures)
            replayCase.moreDevices = Array(traces.dropFirst())
            do { engine = try replayCase.replay() } catch {
                throw BadInput.fail(ReplayCommand.naming(error, scene).description)
            }
            let matching = engine.transcript.entries.filter { TraceMinimizer.text(of: $0).contains(pattern) }
            guard matching.count >= occurrence else {
                throw BadInput.fail("--around \(around): \(matching.count) entries of the replay match; no entry \(occurrence)")
            }
            let entry = matching[occurrence - 1]
            selection = .around(.microseconds(entry.offset), before: try Self.duration(before, "--before"),
                                after: try Self.duration(after, "--after"))
            print("around \(entry.textLine)")
        } else {
            selection = .time(from: try from.map { try Self.duration($0, "--from") },
                              to: try to.map { try Self.duration($0, "--to") })
        }
        if traces.count > 1 {
            let cut: [Trace]
            do { cut = try TraceCut.cut(traces, keeping: selection, exact: exact) } catch { throw BadInput.fail("\(input): \(error)") }
            try BadInput.guarding { try TraceFile.save(cut.map { TraceFrameReader(trace: $0) }, to: output) }
            let frames = cut.reduce(0) { $0 + $1.frames.count }, all = traces.reduce(0) { $0 + $1.frames.count }
            let contacts = cut.reduce(0) { $0 + TraceSummary(trace: $1).contactCount }
            print("wrote \(output): \(cut.count) devices, \(frames) frames of \(all), \(TraceCut.seconds(cut.map(\.duration).max() ?? .zero)) s, \(contacts) contacts")
            return
        }
        let cut: Trace
        do { cut = try TraceCut.cut(trace, keeping: selection, exact: exact) } catch { throw BadInput.fail("\(input): \(error)") }
        try BadInput.guarding { try TraceFile.save(trace: cut, to: output) }
        let summary = TraceSummary(trace: cut)
        print("wrote \(output): \(summary.frameCount) frames of \(trace.frames.count), \(TraceCut.seconds(cut.duration)) s, \(summary.contactCount) contacts")
    }

    /// Seconds from an option as a duration, or exit 2 naming it.
    static func duration(_ seconds: Double, _ option: String) throws -> Duration {
        guard seconds.isFinite, seconds >= 0, seconds <= 1_000_000_000 else {
            throw BadInput.fail("\(option) must be a number of seconds from 0 to 1000000000, not \(seconds)")
        }
        return .microseconds(Int64((seconds * 1_000_000).rounded()))
    }

    /// The gesture settings of a case.json, or the defaults.
    static func gestures(_ path: String?) throws -> GestureConfiguration {
        guard let path else { return .default }
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path) } catch { throw BadInput.fail("cannot read \(path): \(error.phrase)") }
        do { return try ReplaySettings.decode(bytes, fileName: path).gestures } catch { throw BadInput.fail(error.description) }
    }

    /// `text` without the spaces and tabs at its ends, as Foundation's
    /// `CharacterSet.whitespaces` trimmed it (tab and the Unicode space
    /// separators, `Zs`).
    static func trimmingSpaces(_ text: Substring) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        var scalars = text.unicodeScalars[...]
        while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        return String(Substring(scalars))
    }
}
