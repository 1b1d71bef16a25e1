/// A trace file format: the one vocabulary of formats that the readers,
/// the writer (``TraceWriter``), the files (`TraceFile`, which tells a
/// path's format from its extension) and the `gripper` commands speak.
public enum TraceFormat: String, Hashable, Sendable, CaseIterable {
    /// evemu, as `evemu-describe` and `evemu-record` 1.3 write it (an
    /// events-only file beside its `.desc` included).
    case evemu
    /// libinput record YAML, as `libinput record` 1.22 writes it.
    case libinputRecord
}
