import GripperInput

/// What a trace file says about where it was recorded, beyond the device:
/// kept so that converting a trace loses as little as possible, never
/// interpreted by the engine.
public struct TraceMetadata: Hashable, Sendable {
    /// The file format's version as written in the file (`1.3` from
    /// `# EVEMU 1.3`, `1` from libinput record's `version: 1`); nil when the
    /// file does not say.
    public var formatVersion: String?
    /// The kernel release the recording was made on.
    public var kernel: String?
    /// The machine's DMI modalias.
    public var dmi: String?
    /// The operating system (libinput record's `system.os`, e.g. `debian:12`).
    public var os: String?
    /// The libinput version that recorded the file (libinput record only).
    public var libinputVersion: String?
    /// The libinput git version that recorded the file (libinput record only).
    public var libinputGit: String?
    /// The device node the events came from (libinput record only).
    public var deviceNode: String?
    /// The device's udev properties, as `KEY=value` (libinput record only).
    public var udevProperties: [String]
    /// The libinput quirks that applied to the device (libinput record only).
    public var quirks: [String]

    /// Creates metadata; everything is optional.
    public init(formatVersion: String? = nil, kernel: String? = nil, dmi: String? = nil, os: String? = nil,
                libinputVersion: String? = nil, libinputGit: String? = nil, deviceNode: String? = nil,
                udevProperties: [String] = [], quirks: [String] = []) {
        self.formatVersion = formatVersion
        self.kernel = kernel
        self.dmi = dmi
        self.os = os
        self.libinputVersion = libinputVersion
        self.libinputGit = libinputGit
        self.deviceNode = deviceNode
        self.udevProperties = udevProperties
        self.quirks = quirks
    }
}
