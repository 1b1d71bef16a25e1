import Foundation
import GripperScene

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
public enum ReplayCaseLibrary {
    /// The extensions a trace file may have, in the order they are looked for.
    public static let traceExtensions = ["evemu", "events", "txt", "yml", "yaml"]

    /// Every case under `paths` (folders searched recursively; a path may
    /// also be a case folder, an expected file, a trace of a case, or a
    /// named case's path without `.expected.txt`), sorted by name, each
    /// once. Hidden folders and `.build` are not searched.
    /// - Throws: ``ReplayCaseError`` when a path does not exist.
    public static func find(in paths: [String]) throws(ReplayCaseError) -> [ReplayCaseFile] {
        var found: [String: ReplayCaseFile] = [:]
        for path in paths {
            let root = clean(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) {
                if isFolder.boolValue {
                    if let single = folderCase(root, root: root, relative: (root as NSString).lastPathComponent),
                       !hasCaseBelow(root) {
                        found[single.name] = single
                    } else {
                        walk(root, root: root, relative: "", into: &found)
                    }
                } else if let file = fileCase(root) {
                    found[file.name] = file
                } else {
                    throw ReplayCaseError("\(path): not a replay case (no expected transcript beside it; see Documentation/ReplayCases.md)")
                }
            } else if FileManager.default.fileExists(atPath: root + ".expected.txt") {
                let folder = (root as NSString).deletingLastPathComponent
                let stem = (root as NSString).lastPathComponent
                let c = namedCase(stem, in: folder.isEmpty ? "." : folder, root: folder.isEmpty ? "." : folder,
                                  relative: stem)
                found[c.name] = c
            } else {
                throw ReplayCaseError("\(path): no such file or folder")
            }
        }
        return found.values.sorted { $0.name < $1.name }
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
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    private static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Whether a folder has cases in folders below it (then it is searched, not run as one case).
    private static func hasCaseBelow(_ folder: String) -> Bool {
        contents(folder).contains { isFolder(join(folder, $0)) && !$0.hasPrefix(".") }
    }

    /// The deepest folder searched below a path (a symbolic link that loops stops here).
    static let maximumDepth = 32

    private static func walk(_ folder: String, root: String, relative: String, depth: Int = 0,
                             into found: inout [String: ReplayCaseFile]) {
        guard depth <= maximumDepth else { return }
        let names = contents(folder)
        if let c = folderCase(folder, root: root, relative: relative) { found[c.name] = c }
        for name in names where name.hasSuffix(".expected.txt") && name != "expected.txt" {
            let stem = String(name.dropLast(".expected.txt".count))
            let c = namedCase(stem, in: folder, root: root, relative: join(relative, stem))
            found[c.name] = c
        }
        for name in names where !name.hasPrefix(".") && name != "node_modules" && isFolder(join(folder, name)) {
            walk(join(folder, name), root: root, relative: join(relative, name), depth: depth + 1, into: &found)
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
        let folder = (path as NSString).deletingLastPathComponent
        let file = (path as NSString).lastPathComponent
        let place = folder.isEmpty ? "." : folder
        if file == "expected.txt" || (file.hasPrefix("trace.") && traceExtensions.contains((file as NSString).pathExtension)) {
            return folderCase(place, root: place, relative: (place as NSString).lastPathComponent)
        }
        let stem = file.hasSuffix(".expected.txt") ? String(file.dropLast(".expected.txt".count))
            : (file as NSString).deletingPathExtension
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
            let up = (current as NSString).deletingLastPathComponent
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
        if problem == nil { problem = "\(folder): no scene.json for the case \(stem ?? (folder as NSString).lastPathComponent)" }
        return nil
    }
}
