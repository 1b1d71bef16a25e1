import Foundation
import GripperInput

/// Reads a trace file for a command: evemu (with or without its own device
/// header) or libinput-record, told apart by their first line.
///
/// Stands in for the shared `TraceFile.load(path:deviceSelector:)` until that
/// lands; errors are ``TraceError``s naming the file (and line).
enum TraceLoading {
    /// Loads `path`. `device` is, for an events-only evemu file, the path of
    /// an evemu description; for a libinput-record file, a device index or
    /// node.
    static func load(path: String, device: String?) throws(TraceError) -> Trace {
        let bytes = try read(path)
        if isLibinputRecord(bytes) {
            var selector = LibinputRecordFormat.DeviceSelector.index(0)
            if let device { selector = Int(device).map { .index($0) } ?? .node(device) }
            return try LibinputRecordFormat.read(bytes, fileName: path, device: selector)
        }
        var description: DeviceDescription?
        if let device {
            let descBytes = try read(device)
            description = try EvemuFormat.read(descBytes, fileName: device).device
        }
        return try EvemuFormat.read(bytes, fileName: path, device: description)
    }

    private static func read(_ path: String) throws(TraceError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceError(file: path, reason: .io("cannot read the file"))
        }
        return Array(data)
    }

    /// Whether the file starts like `libinput record` output (`# libinput record` or `version:`).
    private static func isLibinputRecord(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
        for line in head.split(separator: "\n").prefix(4) {
            let l = line.trimmingCharacters(in: .whitespaces)
            if l.hasPrefix("# libinput record") || l.hasPrefix("version:") || l.hasPrefix("ndevices:") { return true }
            if l.hasPrefix("#") || l.isEmpty { continue }
            return false
        }
        return false
    }
}
