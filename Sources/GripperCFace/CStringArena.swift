import GripperEditing

/// The identities a data source gave when the engine opened, copied once
/// as NUL-terminated UTF-8 into one allocation that lives as long as the
/// engine: what ``CIdentities`` hands out for every item and section no
/// edit has brought in since.
final class CStringArena: @unchecked Sendable {
    /// The section identities, in the source's order.
    let sections: [UnsafePointer<CChar>]
    /// Per section, its items' identities.
    let items: [[UnsafePointer<CChar>]]
    private let storage: UnsafeMutableRawBufferPointer

    /// Copies every identity of `source`.
    /// - Complexity: O(n) for n items (one pass to size the block, one to fill it).
    init(_ source: CArrayDataSource) {
        var total = 0
        for id in source.sectionIDs { total += id.rawValue.utf8.count + 1 }
        for list in source.items { for id in list { total += id.rawValue.utf8.count + 1 } }
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(total, 1), alignment: 1)
        var cursor = storage.baseAddress!
        var sections: [UnsafePointer<CChar>] = []
        sections.reserveCapacity(source.sectionIDs.count)
        for id in source.sectionIDs { sections.append(Self.append(id.rawValue, at: &cursor)) }
        var items: [[UnsafePointer<CChar>]] = []
        items.reserveCapacity(source.items.count)
        for list in source.items {
            var strings: [UnsafePointer<CChar>] = []
            strings.reserveCapacity(list.count)
            for id in list { strings.append(Self.append(id.rawValue, at: &cursor)) }
            items.append(strings)
        }
        self.sections = sections
        self.items = items
    }

    /// Writes `text` at `cursor` and moves the cursor past its NUL.
    @inline(__always)
    private static func append(_ text: String, at cursor: inout UnsafeMutableRawPointer) -> UnsafePointer<CChar> {
        let start = cursor
        cursor += write(text, to: start) + 1
        return UnsafePointer(start.assumingMemoryBound(to: CChar.self))
    }

    deinit { storage.deallocate() }

    /// Whether `p` points into the arena (a string it owns, not one of
    /// ``CIdentities``'s own).
    /// - Complexity: O(1).
    @inline(__always)
    func contains(_ p: UnsafePointer<CChar>) -> Bool {
        let base = UnsafeRawPointer(storage.baseAddress!)
        let raw = UnsafeRawPointer(p)
        return raw >= base && raw < base + storage.count
    }

    /// Writes `text`'s UTF-8 and a NUL at `start`, which has room for
    /// `text.utf8.count + 1` bytes; returns the byte count without the NUL.
    /// - Complexity: O(length).
    @discardableResult
    static func write(_ text: String, to start: UnsafeMutableRawPointer) -> Int {
        let utf8 = text.utf8
        let count = utf8.withContiguousStorageIfAvailable { bytes -> Int in
            if let base = bytes.baseAddress { start.copyMemory(from: base, byteCount: bytes.count) }
            return bytes.count
        } ?? {
            var k = 0
            for b in utf8 {
                start.storeBytes(of: b, toByteOffset: k, as: UInt8.self)
                k += 1
            }
            return k
        }()
        start.storeBytes(of: 0, toByteOffset: count, as: UInt8.self)
        return count
    }
}
