import FoundationEssentials

/// Paths of the recordings bundled with Gripper, for tests.
public enum Fixtures {
    /// The package's root directory (where `Package.swift` is).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `Recordings/` at the package root.
    public static var recordings: URL { packageRoot.appendingPathComponent("Recordings") }

    /// A file under `Recordings/`, such as `real/ts_wacom-isdv4-e6.desc`.
    public static func recording(_ relativePath: String) -> URL {
        recordings.appendingPathComponent(relativePath)
    }
}
