import FoundationEssentials
import GripperFiles
import GripperScene
#if canImport(Glibc)
import Glibc
#endif

/// Finds replay cases on disk by the convention of
/// `Documentation/ReplayCases.md`:
/// - a **folder case** is a folder holding a trace named `trace` (`.evemu`,
///   `.events`, `.txt`, `.yml` or `.yaml`), a `scene.json` (or the scene a
///   `case.json` names) and `expected.txt` — a folder with a trace and a
///   scene but no `expected.txt` is a new case, not yet recorded;
/// - a **named case** is a file `NAME.expected.txt`: its trace is `NAME.evemu`
///   (or another trace extension) beside it or in the folder the `case.json`
///   names as `"traces"`, its scene `NAME.scene.json`, `scene.json` beside
///   it, or the `case.json`'s `"scene"`;
/// - a case's settings are `NAME.case.json`, else the nearest `case.json`
///   in its folder or a folder above it (up to the folder searched).
///
/// The search is safe on a folder someone else made: it never follows a
/// symbolic link out of the folder searched (nor back up it), visits each
/// real folder once (by device and inode), names each case once however
/// many paths lead to it, and opens no file that is not a regular file
/// (a `case.json` that is a FIFO is a problem of the case, not a hang).
public enum ReplayCaseLibrary {
    /// The extensions a trace file may have, in the order they are looked for.
    public static let traceExtensions = ["evemu", "events", "txt", "yml", "yaml"]

    /// Every case under `paths` (folders searched recursively; a path may
    /// also be a case folder, an expected file, a trace of a case, or a
    /// named case's path without `.expected.txt`), sorted by name, each
    /// once. Hidden folders and `.build` are not searched.
    ///
    /// A path given is followed even when it is a symbolic link; below it,
    /// a symbolic link to a folder is followed only when the folder it
    /// leads to is inside the folder searched and not reached otherwise
    /// (real folders are searched first, so a case keeps its real path as
    /// its name). Each real folder is searched once, so links up the tree
    /// end the search rather than repeat it. A case reached by two paths
    /// (`gripper test a a/`, a folder and its expected file, a folder given
    /// twice under different spellings) is found once, under the first.
    /// - Throws: ``ReplayCaseError`` when a path does not exist.
    public static func find(in paths: [String]) throws(ReplayCaseError) -> [ReplayCaseFile] {
        var found = Found()
        for path in paths {
            let root = clean(path)
            var isFolder = false
            if FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) {
                if isFolder {
                    if let single = folderCase(root, root: root, relative: String(PathText.lastComponent(root))),
                       !hasCaseBelow(root) {
                        found.add(single)
                    } else {
                        search(root, into: &found)
                    }
                } else if let file = fileCase(root) {
                    found.add(file)
                } else {
                    throw ReplayCaseError("\(path): not a replay case (no expected transcript beside it; see Documentation/ReplayCases.md)")
                }
            } else if FileManager.default.fileExists(atPath: root + ".expected.txt") {
                let folder = PathText.deletingLastComponent(root)
                let stem = String(PathText.lastComponent(root))
                let c = namedCase(stem, in: folder.isEmpty ? "." : folder, root: folder.isEmpty ? "." : folder,
                                  relative: stem)
                found.add(c)
            } else {
                throw ReplayCaseError("\(path): no such file or folder")
            }
        }
        return found.cases.sorted { $0.name < $1.name }
    }

    /// A real folder: its device and inode.
    struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        /// The identity of the folder at `path` (symbolic links followed), or nil.
        init?(_ path: String) {
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// What a search has found so far: each case once, by the real folder
    /// holding its expected file and that file's name, and each real folder
    /// searched once.
    struct Found {
        private var byIdentity: [String: ReplayCaseFile] = [:]
        private var order: [String] = []
        /// The folders searched.
        var visited: Set<FolderIdentity> = []

        /// The cases, each once.
        var cases: [ReplayCaseFile] { order.compactMap { byIdentity[$0] } }

        /// Adds `c` unless a case with the same expected file (the same real
        /// folder, the same file name) is there already.
        mutating func add(_ c: ReplayCaseFile) {
            let folder = PathText.deletingLastComponent(c.expectedPath)
            let file = String(PathText.lastComponent(c.expectedPath))
            let key = FolderIdentity(folder.isEmpty ? "." : folder).map { "\($0.device):\($0.inode)/\(file)" } ?? "name:" + c.name
            guard byIdentity[key] == nil else { return }
            byIdentity[key] = c
            order.append(key)
        }
    }

    /// `path` without `./` in front or `/` behind.
    static func clean(_ path: String) -> String {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        while p.count > 1, p.hasSuffix("/") { p.removeLast() }
        return p.isEmpty ? "." : p
    }

    static func join(_ a: String, _ b: String) -> String {
        if b.isEmpty { return a }
        if a.isEmpty || a == "." { return b }
        return a.hasSuffix("/") ? a + b : a + "/" + b
    }

    private static func contents(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private static func isFolder(_ path: String) -> Bool {
        var isFolder = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder
    }

    private static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Whether a folder has cases in folders below it (then it is searched,
    /// not run as one case): a real folder, or a symbolic link to a folder
    /// inside it.
    private static func hasCaseBelow(_ folder: String) -> Bool {
        let inside = realPath(folder)
        return contents(folder).contains { name in
            guard !name.hasPrefix(".") else { return false }
            switch entry(join(folder, name)) {
            case .folder: return true
            case .link: return inside.map { contains($0, realPath(join(folder, name))) } ?? false
            case .other: return false
            }
        }
    }

    /// The deepest folder searched below a path.
    static let maximumDepth = 32

    /// What an entry of a folder is, its own kind (a symbolic link not followed).
    private enum Entry { case folder, link, other }

    private static func entry(_ path: String) -> Entry {
        switch RegularFile.typeAt(path) {
        case S_IFDIR: .folder
        case S_IFLNK: isFolder(path) ? .link : .other
        default: .other
        }
    }

    /// `path` with every symbolic link resolved (`realpath`), or nil.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the resolved path `inner` is `outer` or below it.
    private static func contains(_ outer: String, _ inner: String?) -> Bool {
        guard let inner else { return false }
        return inner == outer || inner.hasPrefix(outer == "/" ? "/" : outer + "/")
    }

    /// Searches `root`: its real folders first, then the symbolic links to
    /// folders inside it that lead somewhere not yet searched.
    private static func search(_ root: String, into found: inout Found) {
        guard let inside = realPath(root) else { return }
        var links: [(path: String, relative: String, depth: Int)] = []
        walk(root, root: root, relative: "", depth: 0, links: &links, into: &found)
        var next = 0
        while next < links.count {
            let link = links[next]
            next += 1
            guard contains(inside, realPath(link.path)) else { continue }
            walk(link.path, root: root, relative: link.relative, depth: link.depth, links: &links, into: &found)
        }
    }

    /// Searches `folder` unless it was searched already: its cases, then its
    /// real subfolders; symbolic links to folders are kept in `links` for later.
    private static func walk(_ folder: String, root: String, relative: String, depth: Int,
                             links: inout [(path: String, relative: String, depth: Int)], into found: inout Found) {
        guard depth <= maximumDepth, let identity = FolderIdentity(folder), found.visited.insert(identity).inserted else { return }
        let names = contents(folder)
        if let c = folderCase(folder, root: root, relative: relative) { found.add(c) }
        for name in names where name.hasSuffix(".expected.txt") && name != "expected.txt" {
            let stem = String(name.dropLast(".expected.txt".count))
            found.add(namedCase(stem, in: folder, root: root, relative: join(relative, stem)))
        }
        for name in names where !name.hasPrefix(".") && name != "node_modules" {
            let path = join(folder, name)
            switch entry(path) {
            case .folder:
                walk(path, root: root, relative: join(relative, name), depth: depth + 1, links: &links, into: &found)
            case .link:
                links.append((path, join(relative, name), depth + 1))
            case .other:
                continue
            }
        }
    }

    /// The folder case in `folder`, if it is one: an `expected.txt`, or a
    /// `trace.*` with a scene (a new case).
    static func folderCase(_ folder: String, root: String, relative: String) -> ReplayCaseFile? {
        let names = Set(contents(folder))
        let traces = traceExtensions.map { "trace." + $0 }.filter(names.contains)
        let expected = join(folder, "expected.txt")
        guard names.contains("expected.txt") || (!traces.isEmpty && names.contains("scene.json")) else { return nil }
        let settings = settingsPath(for: nil, in: folder, root: root)
        var c = ReplayCaseFile(name: folder == "." ? relative : folder, relativeName: relative.isEmpty ? folder : relative,
                               layout: .folder, expectedPath: expected, tracePath: nil, scenePath: nil,
                               settingsPath: settings, problem: nil)
        switch traces.count {
        case 0: c.problem = "\(folder): no trace (trace.evemu, trace.events, trace.yml …) beside expected.txt"
        case 1: c.tracePath = join(folder, traces[0])
        default: c.problem = "\(folder): two traces (\(traces.joined(separator: ", "))); a case has one"
        }
        c.scenePath = scenePath(stem: nil, in: folder, settings: settings, problem: &c.problem)
        return c
    }

    /// The named case `stem` in `folder`.
    static func namedCase(_ stem: String, in folder: String, root: String, relative: String) -> ReplayCaseFile {
        let settings = settingsPath(for: stem, in: folder, root: root)
        var c = ReplayCaseFile(name: join(folder, stem), relativeName: relative, layout: .named,
                               expectedPath: join(folder, stem + ".expected.txt"), tracePath: nil, scenePath: nil,
                               settingsPath: settings, problem: nil)
        var places = [folder]
        if let settings {
            do {
                if let traces = try ReplaySettings.decodeFile(settings).traces {
                    places.append(ReplayCaseFile.resolve(traces, against: settings))
                }
            } catch {
                c.problem = error.description
                return c
            }
        }
        let candidates = places.flatMap { place in traceExtensions.map { join(place, stem + "." + $0) } }
        if let trace = candidates.first(where: exists) {
            c.tracePath = trace
        } else {
            c.problem = "\(c.expectedPath): no trace \(stem).evemu (or .events, .yml …) in \(places.joined(separator: " or "))"
        }
        c.scenePath = scenePath(stem: stem, in: folder, settings: settings, problem: &c.problem)
        return c
    }

    /// The case a file names: an `expected.txt` or `NAME.expected.txt`, a
    /// folder case's `trace.*`, or a named case's trace.
    static func fileCase(_ path: String) -> ReplayCaseFile? {
        let folder = PathText.deletingLastComponent(path)
        let file = String(PathText.lastComponent(path))
        let place = folder.isEmpty ? "." : folder
        if file == "expected.txt" || (file.hasPrefix("trace.") && traceExtensions.contains(PathText.pathExtension(file))) {
            return folderCase(place, root: place, relative: String(PathText.lastComponent(place)))
        }
        let stem = file.hasSuffix(".expected.txt") ? String(file.dropLast(".expected.txt".count))
            : PathText.deletingPathExtension(file)
        guard exists(join(place, stem + ".expected.txt")) else { return nil }
        return namedCase(stem, in: place, root: place, relative: stem)
    }

    /// `NAME.case.json`, else the nearest `case.json` from `folder` up to `root`.
    private static func settingsPath(for stem: String?, in folder: String, root: String) -> String? {
        if let stem, exists(join(folder, stem + ".case.json")) { return join(folder, stem + ".case.json") }
        var current = folder
        while true {
            let candidate = join(current, "case.json")
            if exists(candidate) { return candidate }
            if current == root || current == "." || current.isEmpty || current == "/" { return nil }
            let up = PathText.deletingLastComponent(current)
            if up == current { return nil }
            current = up.isEmpty ? "." : up
        }
    }

    /// `NAME.scene.json`, else `scene.json` beside, else the settings' scene.
    private static func scenePath(stem: String?, in folder: String, settings: String?, problem: inout String?) -> String? {
        if let stem, exists(join(folder, stem + ".scene.json")) { return join(folder, stem + ".scene.json") }
        if exists(join(folder, "scene.json")) { return join(folder, "scene.json") }
        if let settings, let scene = try? ReplaySettings.decodeFile(settings).scene {
            return ReplayCaseFile.resolve(scene, against: settings)
        }
        if problem == nil { problem = "\(folder): no scene.json for the case \(stem ?? String(PathText.lastComponent(folder)))" }
        return nil
    }
}
