import Foundation
import GripperInput
import GripperScene
import GripperTraces

/// Reading the bundled recordings (`Recordings/`) in tests: the one
/// recording reader of the package's tests.
package enum Recordings {
    /// The bytes of a file under `Recordings/`.
    package static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Fixtures.recording(relativePath)))
    }

    /// The text (UTF-8) of a file under `Recordings/`.
    package static func text(_ relativePath: String) throws -> String {
        String(decoding: try bytes(relativePath), as: UTF8.self)
    }

    /// A scene file under `Recordings/` (`real-replays/scene.json`), decoded;
    /// errors name the file by its last path component.
    package static func scene(_ relativePath: String) throws -> Scene {
        try Scene.decode(bytes(relativePath), fileName: (relativePath as NSString).lastPathComponent)
    }

    /// The real recordings with their MANIFEST.tsv event counts.
    package static func manifest() throws -> [(file: String, events: Int)] {
        try text("real/MANIFEST.tsv").split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 9, let count = Int(fields[8]) else { return nil }
            return (String(fields[0]), count)
        }
    }

    /// The `.desc` that describes a `.events` file in Recordings/real.
    package static func descriptionFor(_ eventsFile: String) -> String? {
        let stem = (eventsFile as NSString).deletingPathExtension
        let descs = ["ts_ntrig_protoA", "ts_wacom-isdv4-e6"]
        return descs.filter { stem.hasPrefix($0) }.max(by: { $0.count < $1.count }).map { "real/\($0).desc" }
    }

    /// Reads an evemu recording; a `.events` file takes its device from
    /// `description` when given, else from its `.desc` in `Recordings/real`
    /// (see ``descriptionFor(_:)``).
    package static func evemu(_ relativePath: String, description: String? = nil) throws -> Trace {
        var device: DeviceDescription?
        if let desc = description {
            device = try EvemuFormat.read(bytes(desc), fileName: desc).device
        } else if relativePath.hasSuffix(".events"), let desc = descriptionFor((relativePath as NSString).lastPathComponent) {
            device = try EvemuFormat.read(bytes(desc), fileName: desc).device
        }
        return try EvemuFormat.read(bytes(relativePath), fileName: relativePath, device: device)
    }

    /// Every evemu file in Recordings/real and Recordings/tool-output.
    package static let evemuFiles: [String] = {
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
