import GripperInput
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Several live sources read as one: what each has is taken without
/// waiting, and the earliest is handed out first — a loss or an arrival at
/// once, frames by their kernel time stamp (a tie to the lower source) — so
/// the engine gets the devices' frames in event-time order as far as they
/// have arrived. With nothing at hand it waits on every source's descriptors
/// (and `wakingOn`) with one `ppoll`, until the caller's deadline.
///
/// One source is read directly (its own `next`), as before there were several.
final class SourceMerger {
    let sources: [any LiveInputSource]
    /// What each source handed out and the merger has not yet passed on.
    private var pending: [EvdevReader.Event?]
    /// Sources closed (their `next` returned nil).
    private var closed: [Bool]
    /// A deadline that has always passed: asks a source for what it has now.
    private static let past = EventTime(microseconds: Int64.min)
    /// How long a wait lasts at most when a source has no descriptor to wait
    /// on (a synthetic source): it is asked again after this.
    static let slice = Duration.milliseconds(1)

    init(_ sources: [any LiveInputSource]) {
        precondition(!sources.isEmpty, "a live session reads at least one source")
        self.sources = sources
        pending = Array(repeating: nil, count: sources.count)
        closed = Array(repeating: false, count: sources.count)
    }

    /// The first source's clock: the session's.
    var now: EventTime { sources[0].now }

    /// The next event of any source and which source it came from (0 for a
    /// deadline, a wake, or nil once every source is closed).
    ///
    /// - Complexity: O(d) for d sources per event, one `ppoll` per wait.
    func next(until deadline: EventTime?, wakingOn wakeFD: Int32?) throws(EvdevError) -> (Int, EvdevReader.Event?) {
        if sources.count == 1 { return (0, try sources[0].next(until: deadline, wakingOn: wakeFD)) }
        while true {
            for i in sources.indices where pending[i] == nil && !closed[i] {
                switch try sources[i].next(until: Self.past, wakingOn: nil) {
                case nil: closed[i] = true
                case .deadlineReached?, .woken?: break
                case let event?: pending[i] = event
                }
            }
            if let i = earliest() {
                let event = pending[i]
                pending[i] = nil
                return (i, event)
            }
            if closed.allSatisfy({ $0 }) { return (0, nil) }
            if let deadline, now >= deadline { return (0, .deadlineReached) }
            var fds: [pollfd] = []
            var blind = false
            for i in sources.indices where !closed[i] {
                let descriptors = sources[i].descriptors
                if descriptors.isEmpty { blind = true }
                for fd in descriptors where fd >= 0 { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            }
            if let wakeFD { fds.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)) }
            var until = deadline
            if blind {
                let slice = now + Self.slice
                until = until.map { min($0, slice) } ?? slice
            }
            let ready = try waitReady(&fds, until: until, now: { now }, path: sources[0].path)
            if ready > 0, wakeFD != nil, fds[fds.count - 1].revents != 0 { return (0, .woken) }
            if ready == 0, let deadline, now >= deadline { return (0, .deadlineReached) }
        }
    }

    /// Closes every source.
    func close() {
        for source in sources { source.close() }
    }

    /// The source whose pending event comes first: a loss or an arrival
    /// before any frame, else the frame with the earliest stamp.
    private func earliest() -> Int? {
        var best: (index: Int, time: EventTime)?
        for i in pending.indices {
            switch pending[i] {
            case .deviceLost?, .deviceArrived?: return i
            case .frame(let frame)?:
                if best.map({ frame.time < $0.time }) ?? true { best = (i, frame.time) }
            case .deadlineReached?, .woken?, nil: break
            }
        }
        return best?.index
    }
}
