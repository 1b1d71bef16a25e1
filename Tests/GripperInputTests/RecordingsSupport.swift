import Foundation
import GripperInput
import GripperTesting
import GripperTraces

/// Reading the bundled recordings in tests (tests may do I/O; the module may not).
enum Recordings {
    static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixtures.recording(relativePath)))
    }

    static func text(_ relativePath: String) throws -> String {
        String(decoding: try bytes(relativePath), as: UTF8.self)
    }

    /// The real recordings with their MANIFEST.tsv event counts.
    static func manifest() throws -> [(file: String, events: Int)] {
        try text("real/MANIFEST.tsv").split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 9, let count = Int(fields[8]) else { return nil }
            return (String(fields[0]), count)
        }
    }

    /// The `.desc` that describes a `.events` file in Recordings/real.
    static func descriptionFor(_ eventsFile: String) -> String? {
        let stem = (eventsFile as NSString).deletingPathExtension
        let descs = ["ts_ntrig_protoA", "ts_wacom-isdv4-e6"]
        return descs.filter { stem.hasPrefix($0) }.max(by: { $0.count < $1.count }).map { "real/\($0).desc" }
    }

    /// Reads a real or tool-output evemu recording, pairing `.events` with its `.desc`.
    static func evemu(_ relativePath: String) throws -> Trace {
        var device: DeviceDescription?
        if relativePath.hasSuffix(".events"), let desc = descriptionFor((relativePath as NSString).lastPathComponent) {
            device = try EvemuFormat.read(bytes(desc), fileName: desc).device
        }
        return try EvemuFormat.read(bytes(relativePath), fileName: relativePath, device: device)
    }

    /// Every evemu file in Recordings/real and Recordings/tool-output.
    static let evemuFiles: [String] = {
        var out: [String] = []
        for dir in ["real", "tool-output"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.recording(dir).path)) ?? []
            for name in names.sorted() where [".evemu", ".events", ".desc", ".txt"].contains(where: name.hasSuffix) {
                out.append("\(dir)/\(name)")
            }
        }
        return out
    }()
}
