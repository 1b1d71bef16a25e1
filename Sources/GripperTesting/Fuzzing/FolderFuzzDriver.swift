import Foundation
import GripperInput
import GripperReplay
import GripperReplayCases
import GripperScripting
import GripperTraces
#if canImport(Glibc)
import Glibc
#endif

/// The `test-folder` fuzz target: `gripper test`'s search and case files on
/// a folder someone else made. The input is a script that builds a tree in
/// a fresh temporary folder — folders, case files (a trace, a scene, an
/// expected transcript, a `case.json` naming files anywhere, or the input's
/// own bytes), symbolic links up, across, out of the tree and to
/// themselves, FIFOs, names with line breaks and terminal escapes — beside a
/// folder outside it that holds a complete case of its own. Then it finds
/// the cases as `gripper test` does (the tree given once and as three
/// spellings), reads each, replays it against its expected transcript, and
/// records the actual one as `--update` does, or writes the timeline page
/// of a failure.
///
/// What must hold (a trap otherwise, so libFuzzer keeps the input): the
/// search ends (a hang is libFuzzer's timeout), names each case once, and
/// finds none outside the tree; reading a case never blocks (a FIFO is
/// refused unopened); nothing outside the tree changes — not a file
/// written, made or removed there, whatever links lead to it.
@_spi(Fuzzing) public enum FolderFuzzDriver {
    /// Builds the input's tree, runs the search and the cases on it, and
    /// checks what must hold; removes the tree. Returns how many cases the
    /// search of the tree (given once) found.
    @discardableResult
    public static func run(_ bytes: [UInt8]) -> Int {
        var template = Array("/tmp/gripper-fuzz-folder-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp: \(errno)") }
        let base = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let tree = base + "/tree", outside = base + "/outside"
        mkdir(tree, 0o755)
        mkdir(outside, 0o755)
        // A complete case outside the tree: a search that follows a link
        // out would find (and --update would write) it.
        write(outside + "/trace.evemu", Array(Self.trace.utf8))
        write(outside + "/scene.json", Array(Self.scene.utf8))
        write(outside + "/expected.txt", Array("not the transcript\n".utf8))
        let before = listing(outside)

        build(tree, base: base, outside: outside, from: bytes)

        var found = 0
        for paths in [[tree], [tree, tree + "/", "\(tree)/."]] {
            guard let cases = try? ReplayCaseLibrary.find(in: paths) else { continue }
            if paths.count == 1 { found = cases.count }
            var seen: Set<String> = []
            let realTree = realPath(tree) ?? tree
            for file in cases {
                if !seen.insert(realPath(file.expectedFolder) .map { $0 + "/" + file.expectedName } ?? file.name).inserted {
                    fatalError("the case \(file.name.debugDescription) was found twice")
                }
                if let folder = realPath(file.expectedFolder), !(folder == realTree || folder.hasPrefix(realTree + "/")) {
                    fatalError("a case outside the tree: \(file.expectedPath.debugDescription) in \(folder.debugDescription)")
                }
                exercise(file)
            }
        }
        let after = listing(outside)
        if after != before { fatalError("the folder outside the tree changed: \(before) -> \(after)") }
        return found
    }

    /// Reads, replays and records (or pictures) one case as `gripper test`
    /// does with and without `--update`; every failure is the case's own.
    static func exercise(_ file: ReplayCaseFile) {
        _ = file.name.debugDescription
        guard let (replayCase, expected) = try? file.load() else { return }
        guard let verdict = try? replayCase.check(expected: expected).verdict else { return }
        switch verdict {
        case .passed:
            file.removeStaleTimeline()
        case .missing(let actual):
            try? file.record(actual)
        case .failed(let comparison):
            _ = comparison.diff()
            try? file.writeTimeline(of: replayCase)
            try? file.record(comparison.actual)
        }
    }

    /// Scripts to start from (`scripts/fuzz` writes them into the corpus):
    /// steps of four bytes — what (0 folder, 1 and 2 a file, 3 a link, 4 a
    /// FIFO), in which folder made so far, named which of `names`, then
    /// the content or the link's target.
    public static let seeds: [[UInt8]] = [
        // trace, scene and expected transcript in the tree: one case.
        [1, 0, 0, 0, 1, 0, 1, 1, 1, 0, 2, 2],
        // the same in sub/, with sub/b a link back up to sub's parent.
        [0, 0, 13, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 3, 1, 14, 0],
        // sub a link to the folder outside, which holds a case; a case.json naming a scene outside.
        [3, 0, 13, 4, 1, 0, 0, 0, 1, 0, 3, 3, 1, 0, 1, 0, 2, 2],
        // a FIFO where the expected transcript goes, and one as the scene.
        [1, 0, 0, 0, 4, 0, 1, 0, 4, 0, 2, 0],
        // a case folder whose name holds a line break.
        [0, 0, 18, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2],
    ]

    /// The names the script gives files and folders: the convention's own,
    /// the look-alikes, and hostile ones.
    static let names = [
        "trace.evemu", "scene.json", "expected.txt", "case.json", "a.expected.txt", "a.evemu", "a.scene.json",
        "a.case.json", "trace.yml", "trace.events", "trace.desc", "actual.html", "a.actual.html", "sub", "b", "c",
        ".hidden", ".build", "new\nline", "PASS ok\n", "esc\u{1B}]0;title\u{7}", "c1\u{9B}2J", "é\u{202E}txt",
    ]

    /// A small evemu trace: a tap on the probe touchscreen, written by
    /// Gripper's own evemu writer.
    static let trace: String = {
        func abs(_ code: UInt16, _ value: Int32, _ t: Int64) -> RawEvent {
            RawEvent(time: EventTime(microseconds: t), type: EventType.abs, code: code, value: value)
        }
        func syn(_ t: Int64) -> RawEvent { RawEvent(time: EventTime(microseconds: t), type: EventType.syn, code: SynCode.report, value: 0) }
        func key(_ value: Int32, _ t: Int64) -> RawEvent {
            RawEvent(time: EventTime(microseconds: t), type: EventType.key, code: KeyCode.btnTouch, value: value)
        }
        let events = [abs(AbsCode.mtSlot, 0, 1), abs(AbsCode.mtTrackingID, 1, 1), abs(AbsCode.mtPositionX, 2000, 1),
                      abs(AbsCode.mtPositionY, 1000, 1), key(1, 1), syn(1),
                      abs(AbsCode.mtTrackingID, -1, 50_001), key(0, 50_001), syn(50_001)]
        return EvemuFormat.write(Trace(device: TestDevices.probeTouchscreen, events: events))
    }()

    /// A small scene.
    static let scene = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},
         "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"}]}]}
        """

    /// Builds the tree at `tree` from the script in `bytes`.
    static func build(_ tree: String, base: String, outside: String, from bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        var folders = [tree]
        var made = [tree]
        var steps = 0
        while !input.isAtEnd && steps < 48 {
            steps += 1
            let op = input.byte() % 6
            let folder = folders[Int(input.byte()) % folders.count]
            let path = folder + "/" + names[Int(input.byte()) % names.count]
            let arg = input.byte()
            switch op {
            case 0:
                if mkdir(path, 0o755) == 0 { folders.append(path); made.append(path) }
            case 1, 2:
                write(path, content(arg, &input, outside: outside, tree: tree))
                made.append(path)
            case 3:
                let targets = ["..", ".", "../..", "/", outside, outside + "/expected.txt", base, tree, path, "missing",
                               made[Int(arg) % made.count], "/dev/zero", "/dev/null"]
                if symlink(targets[Int(arg) % targets.count], path) == 0 { made.append(path) }
            case 4:
                if mkfifo(path, 0o644) == 0 { made.append(path) }
            default:
                // A file that cannot be read or written (as root, it still can);
                // only a file this made: chmod follows a link.
                if write(path, Array(Self.scene.utf8)) {
                    chmod(path, arg % 2 == 0 ? 0 : 0o444)
                    made.append(path)
                }
            }
        }
    }

    /// A file's bytes: a case file of each kind, a `case.json` naming a
    /// place anywhere, or the input's own bytes.
    static func content(_ kind: UInt8, _ input: inout FuzzInput, outside: String, tree: String) -> [UInt8] {
        switch kind % 7 {
        case 0: return Array(trace.utf8)
        case 1: return Array(scene.utf8)
        case 2: return Array("0.000000 gesture touch began at 1.00,2.00\nfinal s: a b c\n".utf8)
        case 3:
            let places = ["../scene.json", outside + "/scene.json", "/dev/zero", "sub", "..", "missing.json",
                          tree + "/a.evemu", outside, "/proc/self/mem"]
            let place = places[Int(input.byte()) % places.count]
            let key = ["scene", "traces", "device"][Int(input.byte()) % 3]
            return Array("{\"\(key)\": \"\(place)\"}".utf8)
        case 4: return Array(trace.utf8.prefix(Int(input.byte()) * 4))
        default:
            var out: [UInt8] = []
            for _ in 0..<Int(input.byte()) { out.append(input.byte()) }
            return out
        }
    }

    /// Makes a new file at `path` (never through a link, never over what
    /// is there) holding `bytes`; whether it did.
    @discardableResult
    static func write(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return true
    }

    /// Every name under `folder` with its kind, size and modification time
    /// (links not followed).
    static func listing(_ folder: String) -> [String] {
        var out: [String] = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() {
            var status = stat()
            guard lstat(folder + "/" + name, &status) == 0 else { out.append(name + " ?"); continue }
            out.append("\(name) \(status.st_mode) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)")
            if status.st_mode & S_IFMT == S_IFDIR { out += listing(folder + "/" + name).map { name + "/" + $0 } }
        }
        return out
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension ReplayCaseFile {
    /// The folder of the expected file.
    var expectedFolder: String {
        let folder = (expectedPath as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The expected file's name.
    var expectedName: String { (expectedPath as NSString).lastPathComponent }
}
