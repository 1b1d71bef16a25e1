import GripperInput

/// A clock for tests that moves only when told to, in the manner of
/// swift-nio's `EmbeddedEventLoop`: work is scheduled at a deadline, and
/// ``advance(to:)`` hands back every item due, each at its own deadline, in
/// deadline order, ties in the order they were scheduled. Time never goes
/// back: advancing to an earlier time does nothing, and an item scheduled
/// in the past is due at the current time.
///
/// The payload is whatever the test wants to be told about: a closure, a
/// timer name, a machine's event.
public struct ManualClock<Payload> {
    /// One scheduled item.
    public struct Scheduled {
        /// When it is due.
        public var deadline: EventTime
        /// What was scheduled.
        public var payload: Payload
        /// Its place in scheduling order (ties fire in this order).
        public var sequence: Int
    }

    /// An item's handle, for ``cancel(_:)``.
    public struct Token: Hashable, Sendable {
        let sequence: Int
    }

    /// The current time.
    public private(set) var now: EventTime
    private var items: [Scheduled] = []
    private var nextSequence = 0

    /// A clock standing at `start`.
    public init(start: EventTime = .zero) {
        now = start
    }

    /// Schedules `payload` at `deadline` (at ``now`` if that is earlier).
    @discardableResult
    public mutating func schedule(_ payload: Payload, at deadline: EventTime) -> Token {
        let item = Scheduled(deadline: max(deadline, now), payload: payload, sequence: nextSequence)
        nextSequence += 1
        // Keep `items` sorted by (deadline, sequence): insert after every item due no later.
        var i = items.count
        while i > 0, items[i - 1].deadline > item.deadline { i -= 1 }
        items.insert(item, at: i)
        return Token(sequence: item.sequence)
    }

    /// Schedules `payload` `delay` after ``now``.
    @discardableResult
    public mutating func schedule(_ payload: Payload, after delay: Duration) -> Token {
        schedule(payload, at: now + delay)
    }

    /// Removes a scheduled item; returns whether it was still pending.
    @discardableResult
    public mutating func cancel(_ token: Token) -> Bool {
        guard let i = items.firstIndex(where: { $0.sequence == token.sequence }) else { return false }
        items.remove(at: i)
        return true
    }

    /// The deadline of the earliest pending item.
    public var nextDeadline: EventTime? { items.first?.deadline }

    /// How many items are pending.
    public var pendingCount: Int { items.count }

    /// Moves to `time` (never back) and returns the items due at or before
    /// it, in deadline order, ties in scheduling order.
    public mutating func advance(to time: EventTime) -> [Scheduled] {
        guard time >= now else { return [] }
        var due: [Scheduled] = []
        while let first = items.first, first.deadline <= time {
            due.append(items.removeFirst())
        }
        now = time
        return due
    }

    /// Moves `delay` forward; see ``advance(to:)``.
    public mutating func advance(by delay: Duration) -> [Scheduled] {
        advance(to: now + delay)
    }

    /// Moves through `time` one deadline at a time: for each pending item
    /// due by then, sets ``now`` to its deadline and calls `body`, which may
    /// schedule more (due ones fire in the same call). Ends at `time`.
    public mutating func run(until time: EventTime, _ body: (inout ManualClock, Scheduled) -> Void) {
        guard time >= now else { return }
        while let first = items.first, first.deadline <= time {
            items.removeFirst()
            now = first.deadline
            body(&self, first)
        }
        now = time
    }
}

extension ManualClock: Sendable where Payload: Sendable {}
extension ManualClock.Scheduled: Sendable where Payload: Sendable {}
