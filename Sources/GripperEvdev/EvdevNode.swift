import GripperInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One evdev device node and what opening it told: its description, or why
/// it could not be opened.
public struct EvdevNode: Sendable {
    /// The node's path, such as `/dev/input/event3`.
    public var path: String
    /// The device's description, or the error that kept the node from being opened.
    public var description: Result<DeviceDescription, EvdevError>

    /// Creates an entry.
    public init(path: String, description: Result<DeviceDescription, EvdevError>) {
        self.path = path
        self.description = description
    }

    /// Every `event*` node in `directory`, in numeric order, each opened
    /// briefly (read-only, no grab) to describe it.
    ///
    /// - Throws: ``EvdevError`` with operation `.list` when the directory
    ///   cannot be read. A missing directory is no error: no devices.
    public static func all(in directory: String = "/dev/input") throws(EvdevError) -> [EvdevNode] {
        var opened: OpaquePointer?
        do {
            _ = try evdevCall(.list, path: directory) {
                opened = opendir(directory)
                return opened == nil ? -errno : 0
            }
        } catch where error.reason == .noSuchNode {
            return []
        }
        guard let dir = opened else { return [] }
        defer { closedir(dir) }
        var numbers: [Int] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix("event"), let n = Int(name.dropFirst(5)) else { continue }
            numbers.append(n)
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return numbers.sorted().map { n in
            let path = base + "event\(n)"
            return EvdevNode(path: path, description: Result { () throws(EvdevError) in try describe(path: path) })
        }
    }

    /// Opens `path` just long enough to describe the device.
    public static func describe(path: String) throws(EvdevError) -> DeviceDescription {
        let handle = try LibevdevHandle(path: path)
        defer { handle.close() }
        return handle.describe()
    }
}
