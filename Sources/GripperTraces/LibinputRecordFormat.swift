import GripperInput

/// The `libinput record` trace format: YAML, version 1, with a header
/// (libinput and system versions), one entry per recorded device under
/// `devices:` (its evdev description, udev properties, quirks) and, per
/// device, `events:` — a list of frames, each `- evdev:` with one
/// `[sec, usec, type, code, value]` row per event.
///
/// Reading (in `GripperFiles`, the one module that knows YAML) uses the
/// system's libyaml for the header and a byte-level parser for the events
/// lists, which hold nearly all of a file (a YAML tree holds a node per
/// scalar and is far too slow and large there). The YAML reader never sees
/// more than ``headerLimit`` bytes of header, or an events list of more than
/// ``yamlEventsLimit`` bytes in a layout the byte-level parser does not know
/// (flow style, anchors …); anything larger is an error naming the line.
/// `- libinput:` and `- hidraw:` entries are libinput's own output and the
/// raw HID reports; they are skipped (with one warning saying how many).
///
/// Writing produces what `libinput record` writes, comments included.
/// See `Documentation/TraceFormats.md`.
public enum LibinputRecordFormat {
    /// The format version Gripper reads and writes (`version: 1`).
    public static let formatVersion = 1

    /// The most bytes of a file, outside its block-style events lists, that
    /// the reader reads as YAML: 512 KiB (a real header is a few kilobytes).
    /// The YAML tree takes about 20 times a document's size in memory (Yams,
    /// which read it before, 50 to 100), so this keeps a file within twice
    /// its size plus 64 MB.
    public static let headerLimit = 512 << 10

    /// The largest events list read as YAML when it is not in libinput
    /// record's own block layout: 512 KiB, for the same reason.
    public static let yamlEventsLimit = 512 << 10
}
