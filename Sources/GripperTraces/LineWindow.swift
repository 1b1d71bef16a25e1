import GripperInput

/// A window over part of a ``TraceByteSource`` that always ends at a line
/// boundary: the readers scan `base[position..<limit]`, whole lines only
/// (the input's last line may lack its newline), and ask for more with
/// ``refill()``. The window is allocated at the first refill — 1 MiB, or
/// the whole range when that is smaller — and grows only for a line longer
/// than it, so reading costs the window, not the file.
final class LineWindow {
    /// The window's bytes; valid until the next ``refill()``.
    private(set) var base: UnsafeMutablePointer<UInt8>
    /// The next byte to read.
    var position = 0
    /// The end of the last complete line in the window.
    private(set) var limit = 0
    private var capacity: Int
    private var filled = 0
    /// The source offset of `base[0]`.
    private var originOffset: Int
    private var readOffset: Int
    private let endOffset: Int
    private var reachedEnd = false
    private let source: any TraceByteSource

    /// The initial window size.
    static let initialCapacity = 1 << 20

    /// A window over `source` from byte `start` up to (not including) `end`.
    init(source: any TraceByteSource, from start: Int = 0, to end: Int = .max) {
        self.source = source
        capacity = 0
        base = .allocate(capacity: 1)
        originOffset = start
        readOffset = start
        endOffset = end
    }

    deinit { base.deallocate() }

    /// The source offset of `base[index]`.
    func offset(of index: Int) -> Int { originOffset + index }

    /// Moves on to the next complete lines: afterwards `position..<limit`
    /// holds at least one line, or the function returns false at the end
    /// of the input. Bytes before `position` are dropped.
    /// - Complexity: O(bytes read), amortized O(1) per byte.
    func refill() throws(TraceError) -> Bool {
        let keep = filled - position
        if position > 0 {
            if keep > 0 { (base).update(from: base + position, count: keep) }
            originOffset += position
            filled = keep
            position = 0
        }
        limit = 0
        var scanFrom = 0
        while true {
            var i = filled
            while i > scanFrom {
                if base[i - 1] == 0x0A { limit = i; return true }
                i -= 1
            }
            scanFrom = filled
            if reachedEnd {
                limit = filled
                return filled > 0
            }
            if filled == capacity {
                let remaining = endOffset - readOffset
                let first = remaining >= Self.initialCapacity ? Self.initialCapacity : Swift.max(64, remaining + 1)
                let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity == 0 ? first : capacity * 2)
                bigger.update(from: base, count: filled)
                base.deallocate()
                base = bigger
                capacity = capacity == 0 ? first : capacity * 2
            }
            let want = Swift.min(capacity - filled, endOffset - readOffset)
            if want <= 0 {
                reachedEnd = true
                continue
            }
            let n = try source.read(at: readOffset, into: UnsafeMutableRawBufferPointer(start: base + filled, count: want))
            if n <= 0 {
                reachedEnd = true
            } else {
                filled += n
                readOffset += n
            }
        }
    }
}
