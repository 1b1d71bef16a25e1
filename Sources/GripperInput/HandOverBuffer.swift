/// The storage of an array a producer hands over call after call (a
/// frame's gesture events, a frame's transcript entries), taken back for
/// the next call's output once the caller has let go of it: a caller that
/// drops each call's output causes no allocation for it, and one that keeps
/// an output keeps it as it was (the producer's next write copies, as any
/// shared array's does).
///
/// The producer holds at most the last output it handed over.
package struct HandOverBuffer<Element: Sendable>: Sendable {
    /// The output handed over last, shared with the caller.
    private var handedOver: [Element] = []

    /// An empty buffer.
    package init() {}

    /// Empty storage for the next output: the last one's, emptied in place
    /// when the caller has let go of it (new storage of the same capacity
    /// otherwise).
    /// - Complexity: O(e) for the e elements handed over last.
    package mutating func takeStorage() -> [Element] {
        var storage: [Element] = []
        swap(&storage, &handedOver)
        storage.removeAll(keepingCapacity: true)
        return storage
    }

    /// Hands `output` over, keeping a share of its storage for
    /// ``takeStorage()``.
    /// - Complexity: O(1).
    package mutating func handOver(_ output: [Element]) -> [Element] {
        handedOver = output
        return output
    }
}
