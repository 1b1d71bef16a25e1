import FoundationEssentials
import GripperTraces
#if canImport(Glibc)
import Glibc
#endif

/// What a recording made here says about where it was made — the kernel
/// release and the operating system — for `gripper record` and `gripper
/// live --record` alike, so both write the same header.
enum RecordingMetadata {
    /// The metadata of a recording of `deviceNode` made on this machine now.
    static func here(deviceNode: String?) -> TraceMetadata {
        TraceMetadata(kernel: kernelRelease(), os: operatingSystem(), deviceNode: deviceNode)
    }

    static func kernelRelease() -> String? {
        var names = utsname()
        guard uname(&names) == 0 else { return nil }
        return withUnsafeBytes(of: names.release) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    static func operatingSystem() -> String? {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return nil }
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            fields[String(parts[0])] = trimmingQuotes(parts[1])
        }
        guard let id = fields["ID"] else { return nil }
        return fields["VERSION_ID"].map { "\(id):\($0)" } ?? id
    }

    /// `text` without the `"` at its ends (as many as there are).
    static func trimmingQuotes(_ text: Substring) -> String {
        var scalars = text.unicodeScalars[...]
        while scalars.first == "\"" { scalars.removeFirst() }
        while scalars.last == "\"" { scalars.removeLast() }
        return String(Substring(scalars))
    }
}
