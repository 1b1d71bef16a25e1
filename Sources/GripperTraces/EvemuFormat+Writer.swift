import GripperInput
extension EvemuFormat {
    /// The trace as `evemu-record` 1.3 writes it: the `# EVEMU 1.3` line and
    /// the `#` comment block describing the device, the `N: I: P: B: A: L: S:`
    /// lines, the "Waiting for events" banner and one commented `E:` line per
    /// event (`SYN_REPORT` lines carry the milliseconds since the previous one).
    ///
    /// `# Kernel:` and `# DMI:` lines are written when ``Trace/metadata`` has
    /// them. Times are written as they are; they must not be negative. Built
    /// on ``TraceWriter``, which writes large traces piece by piece.
    /// - Complexity: O(n) in the number of events.
    public static func write(_ trace: Trace) -> String {
        var writer = TraceWriter(format: .evemu)
        writer.beginDevice(trace.device, metadata: trace.metadata)
        for event in trace.events { writer.append(event) }
        return writer.takeText()
    }

    /// The device description alone, as `evemu-describe` writes it (a `.desc` file).
    public static func writeDescription(_ device: DeviceDescription, metadata: TraceMetadata = TraceMetadata()) -> String {
        var out = FormattedText(capacity: 4096)
        TraceWriter.writeEvemuDescription(device, metadata: metadata, to: &out)
        return out.string
    }
}
