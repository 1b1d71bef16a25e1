import GripperInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Which device a live session follows: "the touchscreen", a device whose
/// name matches `ELAN*`, a node matching `/dev/input/event1?` — or several
/// of these at once, all of which must hold. An empty match takes any
/// device.
///
/// Name and path patterns are shell globs (`*`, `?`, `[…]`), matched against
/// the whole kernel name (`EVIOCGNAME`) or the whole node path.
public struct DeviceMatch: Hashable, Sendable, CustomStringConvertible {
    /// The kind of device (as `DeviceDescription/kind` classifies it), or
    /// nil for any.
    public var kind: DeviceKind?
    /// A glob on the device's name, or nil for any.
    public var name: String?
    /// A glob on the node's path, or nil for any.
    public var path: String?

    /// A match of every criterion given.
    public init(kind: DeviceKind? = nil, name: String? = nil, path: String? = nil) {
        self.kind = kind
        self.name = name
        self.path = path
    }

    /// Whether the device at `node`, described as `device`, matches.
    /// - Complexity: O(length of the name and path) per glob.
    public func matches(node: String, device: DeviceDescription) -> Bool {
        if let kind, device.kind != kind { return false }
        if let name, !Self.glob(name, device.name) { return false }
        if let path, !Self.glob(path, node) { return false }
        return true
    }

    /// What is matched, for messages: `touchscreen named "ELAN*" at "/dev/input/event*"`.
    public var description: String {
        var parts: [String] = []
        parts.append(kind.map(\.rawValue) ?? "device")
        if let name { parts.append("named \"\(name)\"") }
        if let path { parts.append("at \"\(path)\"") }
        return parts.joined(separator: " ")
    }

    private static func glob(_ pattern: String, _ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }
}
