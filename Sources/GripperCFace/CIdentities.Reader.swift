import GripperLayout

extension CIdentities {
    /// The table as it is now, for the reads of one call: a value, so
    /// reading it costs no exclusivity check of the class's storage.
    var reader: Reader { Reader(sections: sections) }

    /// A snapshot of the table; valid while the model does not change.
    struct Reader {
        let sections: [Section]

        /// The identity of the item at `path`, nil when there is no such item.
        /// - Complexity: O(1).
        @inline(__always)
        func item(at path: ItemPath) -> UnsafePointer<CChar>? {
            guard path.section >= 0, path.section < sections.count else { return nil }
            return sections[path.section].items.withUnsafeBufferPointer { items in
                path.item >= 0 && path.item < items.count ? items[path.item] : nil
            }
        }

        /// The identity of section `s`, nil when there is none.
        /// - Complexity: O(1).
        func section(_ s: Int) -> UnsafePointer<CChar>? {
            s >= 0 && s < sections.count ? sections[s].id : nil
        }
    }
}
