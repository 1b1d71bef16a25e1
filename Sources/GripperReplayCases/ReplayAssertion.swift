import FoundationEssentials
import Gripper
import GripperFiles
import GripperGestures
import GripperInput
import GripperReplay
import GripperScene
import GripperScripting
import GripperTraces

/// When `assertReplay(_:scene:gestures:matches:recording:filePath:line:)`
/// and its siblings write the expected transcript instead of only
/// comparing with it — as swift-snapshot-testing's record modes do. The
/// environment variable `GRIPPER_RECORD` (`all`, `missing`, `failed` or
/// `never`) sets it for a whole run; an assertion's own `recording`
/// argument wins over it.
public enum ReplayRecording: String, Hashable, Sendable, CaseIterable {
    /// Write every expected file, changed or not, and fail each assertion so
    /// a run in this mode never passes by accident.
    case all
    /// Write an expected file only when it does not exist yet (and fail).
    /// The default.
    case missing
    /// Write the expected file of each assertion that fails (and fail,
    /// showing what changed).
    case failed
    /// Never write: a missing file is a failure (for CI).
    case never

    /// `GRIPPER_RECORD`'s mode, or ``missing`` when it is unset; nil when
    /// it holds something else.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ReplayRecording? {
        guard let value = environment["GRIPPER_RECORD"], !value.isEmpty else { return .missing }
        switch value.lowercased() {
        case "1", "true", "yes": return .all
        default: return ReplayRecording(rawValue: value.lowercased())
        }
    }
}

/// A replay assertion that failed: what was compared, where, and a
/// readable diff. Thrown by `assertReplay(_:scene:gestures:matches:recording:filePath:line:)`,
/// so a Swift Testing `@Test` and an XCTest `func test…() throws` both
/// record it, with this description, as the test's failure.
public struct ReplayAssertionFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The expected transcript's path.
    public var expectedPath: String
    /// The source location of the assertion (`File.swift:42`).
    public var location: String
    /// What happened, with the diff.
    public var message: String
    /// The comparison, when a transcript was compared with an existing file.
    public var comparison: TranscriptComparison?

    /// `File.swift:42: message`.
    public var description: String { location + ": " + message }
}

/// Replays `trace` on `scene` (with `gestures`) and checks that the
/// transcript is the one in the file at `expectedPath` — byte for byte, in
/// that file's form (text, or JSON Lines when its first line is an
/// object). A relative path is taken from the folder of the test file that
/// calls it.
///
/// When the file does not exist it is written and the assertion fails
/// (run again to pass); `recording` (or `GRIPPER_RECORD`) asks to
/// re-record (see ``ReplayRecording``). A failure's description holds the
/// first differing entries with their times and a line diff (`-` expected,
/// `+` actual).
///
/// ```swift
/// @Test func fullSwipe() throws {
///     try assertReplay(TraceFile.load(path: tracePath), scene: scene, matches: "Transcripts/full-swipe.txt")
/// }
/// ```
/// - Throws: ``ReplayAssertionFailure``; ``ReplayCaseError`` when the
///   scene is invalid or a file cannot be read or written.
/// - Complexity: O(frames) engine steps.
public func assertReplay(_ trace: Trace, scene: Scene, gestures: GestureConfiguration = .default,
                         matches expectedPath: String, recording: ReplayRecording? = nil,
                         filePath: StaticString = #filePath, line: UInt = #line) throws {
    let engine: Engine
    do {
        engine = try ReplayCase(name: expectedPath, trace: trace, scene: scene, gestures: gestures).replay()
    } catch {
        throw ReplayCaseError(error.description)
    }
    try assertTranscript(engine.transcript, matches: expectedPath, recording: recording, filePath: filePath, line: line)
}

/// `assertReplay(_:scene:gestures:matches:recording:filePath:line:)` for
/// a scripted trace (`TraceBuilder`): what a test that makes its input in
/// code compares with a recorded transcript.
public func assertReplay(_ script: TraceBuilder, scene: Scene, gestures: GestureConfiguration = .default,
                         matches expectedPath: String, recording: ReplayRecording? = nil,
                         filePath: StaticString = #filePath, line: UInt = #line) throws {
    try assertReplay(script.trace, scene: scene, gestures: gestures, matches: expectedPath, recording: recording,
                     filePath: filePath, line: line)
}

/// Replays `frames` through `driver` — an engine on the app's own data
/// source and delegate (`Engine(dataSource:delegate:…recordingTranscript: true)`)
/// with the app's track of stimuli — and checks its transcript as
/// `assertReplay(_:scene:gestures:matches:recording:filePath:line:)` does.
/// The driver's engine must record its transcript.
public func assertReplay(_ frames: some Sequence<EventFrame>, driver: EngineDriver,
                         matches expectedPath: String, recording: ReplayRecording? = nil,
                         filePath: StaticString = #filePath, line: UInt = #line) throws {
    let engine = Replay.run(driver, frames: frames)
    try assertTranscript(engine.transcript, matches: expectedPath, recording: recording, filePath: filePath, line: line)
}

/// Checks a transcript (of any run, finished) against the file at
/// `expectedPath`, recording it as ``ReplayRecording`` says; the checking
/// half of `assertReplay(_:scene:gestures:matches:recording:filePath:line:)`.
/// - Throws: ``ReplayAssertionFailure``; ``ReplayCaseError`` when a file
///   cannot be read or written, or `GRIPPER_RECORD` holds an unknown mode.
public func assertTranscript(_ transcript: Transcript, matches expectedPath: String,
                             recording: ReplayRecording? = nil,
                             filePath: StaticString = #filePath, line: UInt = #line) throws {
    let source = "\(filePath)"
    let location = String(PathText.lastComponent(source)) + ":\(line)"
    let path = ReplayCaseFile.resolve(expectedPath, against: source)
    guard let mode = recording ?? ReplayRecording.fromEnvironment() else {
        throw ReplayCaseError("GRIPPER_RECORD: expected one of all, missing, failed, never; found \(ProcessInfo.processInfo.environment["GRIPPER_RECORD"] ?? "")")
    }
    func fail(_ message: String, _ comparison: TranscriptComparison? = nil) -> ReplayAssertionFailure {
        ReplayAssertionFailure(expectedPath: path, location: location, message: message, comparison: comparison)
    }
    guard FileManager.default.fileExists(atPath: path) else {
        guard mode != .never else {
            throw fail("no expected transcript at \(path) (GRIPPER_RECORD=never); record it with GRIPPER_RECORD=missing")
        }
        try createFolder(of: path)
        try ReplayCaseFile.write(transcript.text, to: path)
        throw fail("recorded the expected transcript at \(path) (\(transcript.entries.count) entries); run again to check against it")
    }
    let expected = String(decoding: try ReplayCaseFile.read(path), as: UTF8.self)
    let comparison = TranscriptComparison(transcript, expected: expected)
    if comparison.matches {
        guard mode == .all else { return }
        throw fail("GRIPPER_RECORD=all: the transcript at \(path) is unchanged; turn recording off to pass")
    }
    let diff = comparison.diff().joined(separator: "\n")
    if mode == .all || mode == .failed {
        try ReplayCaseFile.write(comparison.actual, to: path)
        throw fail("re-recorded \(path) (GRIPPER_RECORD=\(mode.rawValue)); what changed (- old, + new):\n\(diff)", comparison)
    }
    throw fail("""
        the transcript differs from \(path): \(comparison.summary) (- expected, + actual):
        \(diff)
        Re-record with GRIPPER_RECORD=failed if the change is intended.
        """, comparison)
}

/// Creates the folders above `path` (a missing `__Transcripts__` folder).
private func createFolder(of path: String) throws(ReplayCaseError) {
    let folder = PathText.deletingLastComponent(path)
    guard !folder.isEmpty else { return }
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
        throw ReplayCaseError("cannot create \(folder): \(FileProblem.phrase(error))")
    }
}
