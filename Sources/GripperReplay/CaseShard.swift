/// The K-th of N stable slices of a set of cases (`gripper test --shard K/N`):
/// a case belongs to the slice its name's hash picks, so it stays in the same
/// slice whatever other cases are added or removed, on every machine (the
/// hash is FNV-1a over the name's UTF-8 bytes, not Swift's seeded `Hasher`).
public struct CaseShard: Hashable, Sendable, CustomStringConvertible {
    /// The slice, 1-based.
    public let index: Int
    /// How many slices.
    public let count: Int

    /// The slice `index` of `count` (1 ≤ index ≤ count); nil otherwise.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `K/N` (`2/4`); nil when it is not two numbers with 1 ≤ K ≤ N.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCII) }),
              let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether the case called `name` is in this slice.
    /// - Complexity: O(length of the name).
    public func contains(_ name: String) -> Bool {
        Int(Self.hash(name) % UInt64(count)) == index - 1
    }

    /// FNV-1a, 64 bits.
    static func hash(_ name: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01b3
        }
        return h
    }
}
