#if canImport(Glibc)
import Glibc
#endif

/// Paths as text, and a folder's names, without Foundation: what
/// ``TraceFile`` and the CLI need of a path (its extension, its folder, its
/// last part) with the answers Foundation's `NSString` and `URL` gave, so no
/// file changed format, name or description when they stopped importing it.
package enum PathText {
    /// The path's extension without its dot, as `NSString.pathExtension`
    /// gives it: the text after the last `.` of the last part (trailing
    /// slashes dropped), empty when there is no dot, the dot starts the
    /// part (`.yml`, a hidden file) or ends it (`a.`).
    /// - Complexity: O(n) in the path's length.
    package static func pathExtension(_ path: String) -> String {
        // Characters, as Foundation counts: a dot with a combining mark on it is no dot.
        let last = lastComponent(path)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex,
              last.index(after: dot) != last.endIndex else { return "" }
        return String(last[last.index(after: dot)...])
    }

    /// The last part of the path, trailing slashes dropped (`a.yml` of
    /// `x/a.yml/`); `/` for the root.
    package static func lastComponent(_ path: String) -> Substring {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return trimmed[...] }
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed[...] }
        return trimmed[trimmed.utf8.index(after: slash)...]
    }

    /// The last part without its extension and dot (as
    /// `URL.deletingPathExtension().lastPathComponent`).
    package static func stem(_ path: String) -> Substring {
        let last = lastComponent(path)
        let ext = pathExtension(path)
        return ext.isEmpty ? last : last.dropLast(ext.count + 1)
    }

    /// The folder the path's last part is in, as `URL.deletingLastPathComponent`
    /// keeps it (repeated slashes and `.` parts kept; `/` for a part in the
    /// root); nil for a relative path of one part (the current folder).
    package static func folder(_ path: String) -> String? {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let folder = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// The folder part as `NSString.deletingLastPathComponent` gives it:
    /// repeated slashes made one first, empty for a path of one part.
    package static func deletingLastComponent(_ path: String) -> String {
        folder(singleSlashes(path)) ?? ""
    }

    /// Repeated slashes made one, trailing ones dropped (not the root's).
    private static func singleSlashes(_ path: String) -> String {
        var single = ""
        var previousSlash = false
        for c in path.unicodeScalars {
            if c == "/" && previousSlash { continue }
            previousSlash = c == "/"
            single.unicodeScalars.append(c)
        }
        return trimmingTrailingSlashes(single)
    }

    /// The path without its last part's extension and dot, as
    /// `NSString.deletingPathExtension` gives it: repeated slashes made one
    /// and trailing ones dropped first (`x//a.yml/` → `x/a`), a last dot
    /// dropped even with nothing after it (`a.` → `a`), a leading one kept.
    package static func deletingPathExtension(_ path: String) -> String {
        let single = singleSlashes(path)
        let last = lastComponent(single)
        guard last != "..", let dot = last.lastIndex(of: "."), dot != last.startIndex else { return single }
        return String(single[..<dot])
    }

    /// Whether the path starts at the root.
    package static func isAbsolute(_ path: String) -> Bool {
        path.utf8.first == UInt8(ascii: "/")
    }

    /// The names in a folder (`.` and `..` left out), in the order the
    /// file system gives them; nil when it cannot be read.
    package static func names(inFolder folder: String) -> [String]? {
        guard let dir = opendir(folder) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var s = Substring(path)
        while s.utf8.count > 1 && s.utf8.last == UInt8(ascii: "/") { s = s.dropLast() }
        return String(s)
    }
}
