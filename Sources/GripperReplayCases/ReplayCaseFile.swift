import FoundationEssentials
import Gripper
import GripperFiles
import GripperInput
import GripperPictures
import GripperReplay
import GripperScene
import GripperTraces

/// A replay case found on disk, not yet read: where its trace, scene,
/// settings and expected transcript are (see `Documentation/ReplayCases.md`).
/// ``load()`` reads it; ``record(_:)`` (re)writes its expected transcript.
public struct ReplayCaseFile: Hashable, Sendable, CustomStringConvertible {
    /// What kind of case it is.
    public enum Layout: Hashable, Sendable {
        /// A folder holding `trace.*`, `scene.json` and `expected.txt`.
        case folder
        /// `NAME.expected.txt` beside (or with a `case.json` naming the
        /// folder of) `NAME.evemu`, `NAME.yml` …
        case named
    }

    /// The case's name: the folder searched, as given, then the case's path
    /// under it (`Recordings/scenarios/full-swipe`).
    public var name: String
    /// The case's path under the folder searched (`scenarios/full-swipe`):
    /// what `--shard` hashes, so a slice does not depend on how the folder
    /// was spelt.
    public var relativeName: String
    /// Folder or named.
    public var layout: Layout
    /// The expected transcript's path (it may not exist yet: a new case).
    public var expectedPath: String
    /// The trace's path, or nil when none was found (``problem`` says why).
    public var tracePath: String?
    /// The scene's path, or nil when none was found.
    public var scenePath: String?
    /// The `case.json` that applies, if any.
    public var settingsPath: String?
    /// Why the case cannot run, found while searching (no trace, two
    /// traces, no scene …); nil when it can be loaded.
    public var problem: String?

    /// Where the timeline page of a failed run goes: `actual.html` beside
    /// `expected.txt`, `NAME.actual.html` beside `NAME.expected.txt`.
    public var timelinePath: String {
        let folder = PathText.deletingLastComponent(expectedPath)
        let file = String(PathText.lastComponent(expectedPath))
        let stem = file.hasSuffix(".expected.txt") ? String(file.dropLast(".expected.txt".count))
            : layout == .folder ? "" : file
        let page = stem.isEmpty ? "actual.html" : stem + ".actual.html"
        return folder.isEmpty ? page : folder + "/" + page
    }

    /// The case's name (how a test runner lists it).
    public var description: String { name }

    /// Whether the expected transcript exists.
    public var hasExpected: Bool { FileManager.default.fileExists(atPath: expectedPath) }

    /// Reads the case: its trace (with the pinned device description in
    /// place of its own), scene, settings, and the expected transcript
    /// (nil when there is none yet). Each must be a regular file (symbolic
    /// links followed): a FIFO, a device such as `/dev/zero` or a socket is
    /// not read — opened without waiting and closed — and makes the case
    /// bad input naming the file ("not a regular file (a FIFO)").
    /// - Throws: ``ReplayCaseError`` naming the file, the line and the problem.
    public func load() throws(ReplayCaseError) -> (case: ReplayCase, expected: String?) {
        if let problem { throw ReplayCaseError(problem) }
        guard let tracePath, let scenePath else { throw ReplayCaseError("\(expectedPath): the case has no trace or scene") }
        var settings = ReplaySettings()
        if let settingsPath {
            settings = try ReplaySettings.decodeFile(settingsPath)
        }
        var trace: Trace
        var moreDevices: [Trace] = []
        do throws(TraceError) {
            // A libinput-record file may hold several devices (a toolkit
            // session's): they replay together.
            if (try? TraceFile.Format(path: tracePath)) == .libinputRecord {
                let all = try TraceFile.loadAll(path: tracePath, regularFilesOnly: true)
                guard let first = all.first else { throw TraceError(file: tracePath, reason: .emptyFile) }
                trace = first
                moreDevices = Array(all.dropFirst())
            } else {
                trace = try TraceFile.load(path: tracePath, regularFilesOnly: true)
            }
        } catch {
            throw ReplayCaseError(error.description)
        }
        if let device = settings.device, let settingsPath {
            let path = Self.resolve(device, against: settingsPath)
            let pinned: Trace
            do { pinned = try TraceFile.load(path: path, regularFilesOnly: true) } catch { throw ReplayCaseError(error.description) }
            trace = Trace(device: pinned.device, events: trace.events, warnings: trace.warnings, metadata: trace.metadata,
                          file: tracePath)
        }
        let scene: Scene
        do {
            scene = try Scene.decode(try Self.read(scenePath), fileName: scenePath)
        } catch let error as SceneError {
            throw ReplayCaseError(error.description)
        } catch {
            throw ReplayCaseError("\(error)")
        }
        var expected: String?
        if hasExpected { expected = String(decoding: try Self.read(expectedPath), as: UTF8.self) }
        var replayCase = ReplayCase(name: name, trace: trace, scene: scene, gestures: settings.gestures)
        replayCase.moreDevices = moreDevices
        return (replayCase, expected)
    }

    /// Writes `text` as the expected transcript, through a temporary file
    /// renamed into place (a failed write leaves the old one whole).
    /// - Throws: ``ReplayCaseError`` naming the file.
    public func record(_ text: String) throws(ReplayCaseError) {
        try Self.write(text, to: expectedPath)
    }

    /// Writes the timeline page of `replayCase`'s run (every picture and
    /// the transcript) to ``timelinePath``, a picture at a time, through a
    /// temporary file renamed into place. Something at ``timelinePath``
    /// that is not a regular file (a FIFO, a device, a folder) is refused
    /// unopened.
    /// - Throws: ``ReplayCaseError`` naming the file.
    public func writeTimeline(of replayCase: ReplayCase) throws(ReplayCaseError) {
        try Self.writeTimeline(of: replayCase, to: timelinePath)
    }

    /// Removes a timeline page left by an earlier failed run (a passing
    /// case leaves none behind that could mislead) — when it is a regular
    /// file: a symbolic link, a FIFO or a device there is left alone.
    public func removeStaleTimeline() {
        RegularFile.removeIfRegular(timelinePath)
    }

    // MARK: - Files

    /// `path` resolved against the folder of `file` (unchanged when absolute).
    static func resolve(_ path: String, against file: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = PathText.deletingLastComponent(file)
        return folder.isEmpty ? path : folder + "/" + path
    }

    /// The bytes of `path`, which must be a regular file (see ``RegularFile``).
    static func read(_ path: String) throws(ReplayCaseError) -> [UInt8] {
        do {
            return try RegularFile.read(path)
        } catch {
            throw ReplayCaseError("cannot read \(path): \(error.phrase)")
        }
    }

    /// Writes `text` to `path` through a temporary file (something there
    /// that is not a regular file is refused).
    static func write(_ text: String, to path: String) throws(ReplayCaseError) {
        do {
            let out = try FileOutput(path: path, allowingSpecialFiles: false)
            try out.write(text)
            try out.commit()
        } catch {
            throw ReplayCaseError(error.description)
        }
    }

    /// Writes the timeline page of a run of `replayCase` to `path`.
    static func writeTimeline(of replayCase: ReplayCase, to path: String) throws(ReplayCaseError) {
        do {
            let out = try FileOutput(path: path, allowingSpecialFiles: false)
            try out.write(TimelinePage.head(title: "actual run of \(replayCase.name)"))
            var last: Int64?
            let engine = try replayCase.replayWithPictures { frame in
                try out.write(TimelinePage.frame(frame))
                last = frame.offset
            }
            try out.write(TimelinePage.tail(transcript: engine.transcript, lastFrameOffset: last))
            try out.commit()
        } catch let error as FileOutput.Failure {
            throw ReplayCaseError(error.description)
        } catch {
            throw ReplayCaseError("\(path): \(error)")
        }
    }
}

extension ReplaySettings {
    /// Reads a `case.json`.
    static func decodeFile(_ path: String) throws(ReplayCaseError) -> ReplaySettings {
        let bytes = try ReplayCaseFile.read(path)
        do { return try ReplaySettings.decode(bytes, fileName: path) } catch { throw ReplayCaseError(error.description) }
    }
}
