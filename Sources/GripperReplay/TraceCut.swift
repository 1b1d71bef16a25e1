import Gripper
@_spi(Benchmarks) import GripperInput
import GripperTraces

/// A part of a trace kept as a trace of its own (`gripper trace cut`): a
/// time range, the touches of some contacts, or what lies around a moment
/// (a transcript entry's time). Unless asked for an exact cut, the range
/// grows to start and end between touches, so no touch is cut in half.
/// Times are rebased (the first frame kept is at 0) and the device
/// description kept; a frame at 0 before the first kept one sets the state
/// the device had built up (axis values it does not repeat, the current
/// slot, keys, a mouse's position), so the cut replays as that part of the
/// whole did. Pure.
public enum TraceCut {
    /// What to keep.
    public enum Selection: Hashable, Sendable {
        /// The frames from `from` to `to` (each optional), measured from
        /// the first frame, as transcript times are.
        case time(from: Duration?, to: Duration?)
        /// The frames from the first of these contacts' touch-down to the
        /// last one's lift (ids as `gripper trace info` numbers them, from 1).
        case contacts(Set<Int>)
        /// The frames from `before` ahead of `moment` (measured from the
        /// first frame) to `after` past it; with no frame in that span,
        /// the last frame at or before the moment.
        case around(Duration, before: Duration, after: Duration)
    }

    /// Why nothing could be cut.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What was wrong, in words.
        public var description: String
    }

    /// The part of `trace` that `selection` names (grown to whole touches
    /// unless `exact`), rebased to start at 0, with the device description.
    /// - Throws: ``Failure`` when the trace has no frames or the selection
    ///   covers none (an unknown contact, a range past the end).
    /// - Complexity: O(events).
    public static func cut(_ trace: Trace, keeping selection: Selection, exact: Bool = false) throws(Failure) -> Trace {
        let range = try frameRange(of: trace, keeping: selection, exact: exact)
        return rebased(trace.frames[range], before: trace.frames[..<range.lowerBound], device: trace.device,
                       metadata: trace.metadata)
    }

    /// The indices in `trace.frames` of the frames ``cut(_:keeping:exact:)->Trace`` keeps.
    /// - Throws: ``Failure`` as ``cut(_:keeping:exact:)->Trace`` does.
    /// - Complexity: O(events).
    public static func frameRange(of trace: Trace, keeping selection: Selection,
                                  exact: Bool = false) throws(Failure) -> ClosedRange<Int> {
        let frames = trace.frames
        guard let first = frames.first else { throw Failure(description: "the trace has no frames") }
        // Contacts down after each frame, and each contact's first and last frame.
        var tracker = ContactTracker(device: trace.device)
        var down = [Int](repeating: 0, count: frames.count)
        var spans: [Int: ClosedRange<Int>] = [:]
        for (i, frame) in frames.enumerated() {
            for contact in tracker.process(frame).contacts {
                spans[contact.id] = (spans[contact.id]?.lowerBound ?? i)...i
            }
            down[i] = tracker.contactsDown
        }
        func offset(_ d: Duration) -> EventTime { first.time + d }
        var s: Int, e: Int
        switch selection {
        case .time(let from, let to):
            let lower = from.map(offset), upper = to.map(offset)
            s = lower.flatMap { l in frames.firstIndex { $0.time >= l } } ?? (lower == nil ? 0 : frames.count)
            e = upper.flatMap { u in frames.lastIndex { $0.time <= u } } ?? (upper == nil ? frames.count - 1 : -1)
            guard s <= e else {
                throw Failure(description: "no frame between \(seconds(from ?? .zero)) s and \(to.map { seconds($0) + " s" } ?? "the end") (the trace lasts \(seconds(frames.last!.time - first.time)) s)")
            }
        case .contacts(let ids):
            guard !ids.isEmpty else { throw Failure(description: "no contact named") }
            var lower = Int.max, upper = Int.min
            for id in ids.sorted() {
                guard let span = spans[id] else {
                    throw Failure(description: "no contact \(id): the trace has \(spans.count) contacts, numbered from 1 (see gripper trace info)")
                }
                lower = min(lower, span.lowerBound)
                upper = max(upper, span.upperBound)
            }
            s = lower
            e = upper
        case .around(let moment, let before, let after):
            let t = offset(moment)
            s = frames.firstIndex { $0.time >= t - before } ?? frames.count
            e = frames.lastIndex { $0.time <= t + after } ?? -1
            if s > e {
                let last = frames.lastIndex { $0.time <= t } ?? 0
                s = last
                e = last
            }
        }
        if !exact {
            while s > 0, down[s - 1] > 0 { s -= 1 }
            while e < frames.count - 1, down[e] > 0 { e += 1 }
        }
        return s...e
    }

    /// `kept` rebased to start at 0, after a frame that sets what `before` set.
    /// Cuts every device of a recording of several (a toolkit session's
    /// virtual devices, a panel and a mouse) to one time window: the frames
    /// of all devices in one time order, the window chosen on that order as
    /// for one device (`time` or `around`; not `contacts`, whose ids are one
    /// device's), widened unless `exact` until no device has a contact
    /// down, every device rebased to the window's first frame, each keeping
    /// what it had set before the window.
    /// - Throws: ``Failure`` for no frame in the window, or `contacts`.
    /// - Complexity: O(n log d) for n frames of d devices.
    public static func cut(_ traces: [Trace], keeping selection: Selection, exact: Bool = false) throws(Failure) -> [Trace] {
        if traces.count == 1 { return [try cut(traces[0], keeping: selection, exact: exact)] }
        let merged = DeviceFrame.merged(traces.map(\.frames))
        guard let first = merged.first else { throw Failure(description: "the recording has no frames") }
        // Whether any device has a contact down after each merged frame.
        var trackers = traces.map { ContactTracker(device: $0.device) }
        var downBy = [Int](repeating: 0, count: traces.count)
        var anyDown = [Bool](repeating: false, count: merged.count)
        for (i, input) in merged.enumerated() {
            let d = input.device.index
            _ = trackers[d].process(input.frame)
            downBy[d] = trackers[d].contactsDown
            anyDown[i] = downBy.contains { $0 > 0 }
        }
        func offset(_ d: Duration) -> EventTime { first.frame.time + d }
        var s: Int, e: Int
        switch selection {
        case .time(let from, let to):
            let lower = from.map(offset), upper = to.map(offset)
            s = lower.flatMap { l in merged.firstIndex { $0.frame.time >= l } } ?? (lower == nil ? 0 : merged.count)
            e = upper.flatMap { u in merged.lastIndex { $0.frame.time <= u } } ?? (upper == nil ? merged.count - 1 : -1)
            guard s <= e else {
                throw Failure(description: "no frame between \(seconds(from ?? .zero)) s and \(to.map { seconds($0) + " s" } ?? "the end")")
            }
        case .around(let moment, let before, let after):
            let t = offset(moment)
            s = merged.firstIndex { $0.frame.time >= t - before } ?? merged.count
            e = merged.lastIndex { $0.frame.time <= t + after } ?? -1
            if s > e {
                let last = merged.lastIndex { $0.frame.time <= t } ?? 0
                s = last
                e = last
            }
        case .contacts:
            throw Failure(description: "--contacts names one device's touches; give --device to cut one device of \(traces.count)")
        }
        if !exact {
            while s > 0, anyDown[s - 1] { s -= 1 }
            while e < merged.count - 1, anyDown[e] { e += 1 }
        }
        let origin = merged[s].frame.time
        return traces.indices.map { d in
            let kept = merged[s...e].filter { $0.device.index == d }.map(\.frame)
            let before = merged[..<s].filter { $0.device.index == d }.map(\.frame)
            return rebased(kept[...], before: before[...], device: traces[d].device, metadata: traces[d].metadata, origin: origin)
        }
    }

    static func rebased(_ kept: ArraySlice<EventFrame>, before: ArraySlice<EventFrame>, device: DeviceDescription,
                        metadata: TraceMetadata, origin given: EventTime? = nil) -> Trace {
        let origin = given ?? kept.first?.time ?? .zero
        func shift(_ t: EventTime) -> EventTime {
            let (d, overflow) = t.microseconds.subtractingReportingOverflow(origin.microseconds)
            return EventTime(microseconds: overflow ? 0 : max(0, d))
        }
        var events: [RawEvent] = []
        if !before.isEmpty {
            var state = EvdevDeviceState(device: device)
            for frame in before { state.absorb(frame) }
            let set = state.settingEvents(at: .zero)
            if !set.isEmpty { events += set + [RawEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0)] }
        }
        for frame in kept {
            let time = shift(frame.time)
            if frame.isResync {
                let t = shift(frame.events.first?.time ?? frame.time)
                events.append(RawEvent(time: t, type: EventType.syn, code: SynCode.dropped, value: 0))
                events.append(RawEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0))
            }
            for event in frame.events {
                events.append(RawEvent(time: min(shift(event.time), time), type: event.type, code: event.code, value: event.value))
            }
            events.append(RawEvent(time: time, type: EventType.syn, code: SynCode.report, value: frame.reportValue))
        }
        return Trace(device: device, events: events, metadata: metadata)
    }

    /// `d` in seconds with six decimals.
    package static func seconds(_ d: Duration) -> String {
        let us = d.components.seconds &* 1_000_000 &+ d.components.attoseconds / 1_000_000_000_000
        let m = us.magnitude
        let fraction = String(m % 1_000_000)
        return (us < 0 ? "-" : "") + String(m / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
