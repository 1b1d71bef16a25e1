/// Which device of a trace file to read: for a libinput-record file, which
/// of the devices it holds; for an evemu file, where its description comes
/// from. What `gripper`'s `--device` option names (`TraceFile` turns the
/// option into one), and what ``LibinputRecordFormat``'s readers and
/// `TraceFile`'s loaders take.
public enum TraceDeviceSelector: Hashable, Sendable, CustomStringConvertible {
    /// evemu: the file's own header, else the `.desc` beside an events-only
    /// file; libinput record: the first device (as `.index(0)`).
    case automatic
    /// evemu: the header in this `.desc` (or any evemu) file, for an
    /// events-only file. A libinput-record reader refuses it.
    case description(path: String)
    /// libinput record: the device at this 0-based position in `devices:`.
    case index(Int)
    /// libinput record: the device recorded from this node, such as `/dev/input/event4`.
    case node(String)

    /// `#2` or `'/dev/input/event4'`, for messages; `.automatic` is `#0`
    /// (the device it picks in a libinput-record file), a description its path.
    public var description: String {
        switch self {
        case .automatic: return "#0"
        case .description(let path): return "'\(path)'"
        case .index(let i): return "#\(i)"
        case .node(let node): return "'\(node)'"
        }
    }
}
