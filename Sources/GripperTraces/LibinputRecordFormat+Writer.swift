import GripperInput
extension LibinputRecordFormat {
    /// The trace as `libinput record` writes it: the header, the device's
    /// `evdev:` description with its `#` comment block, `udev:` properties,
    /// `quirks:`, and `events:` as one `- evdev:` list per frame with
    /// libinput's comments (axis deltas, `+Nms` on `SYN_REPORT`, "Touch device
    /// in neutral state").
    ///
    /// Values the trace does not know are written as the tool writes them
    /// when it cannot find them (`unknown`); udev properties missing from the
    /// metadata are derived from the device kind (`ID_INPUT=1`,
    /// `ID_INPUT_TOUCHSCREEN=1` …). Strings are quoted and escaped so that any
    /// name reads back as it was. Times are written as they are, not made
    /// relative to the first event. A trailing incomplete frame is written as
    /// a frame without its `SYN_REPORT`. Built on ``TraceWriter``.
    /// - Complexity: O(n) in the number of events.
    public static func write(_ trace: Trace) -> String {
        write([trace])
    }

    /// Several devices' traces in one file, in order; the header (versions,
    /// system) comes from the first trace's metadata.
    /// - Complexity: O(n) in the number of events.
    public static func write(_ traces: [Trace]) -> String {
        var writer = TraceWriter(format: .libinputRecord)
        writer.beginFile(metadata: traces.first?.metadata ?? TraceMetadata(), deviceCount: traces.count)
        for (n, trace) in traces.enumerated() {
            writer.beginDevice(trace.device, metadata: trace.metadata, index: n)
            for event in trace.events { writer.append(event) }
        }
        return writer.takeText()
    }
}
