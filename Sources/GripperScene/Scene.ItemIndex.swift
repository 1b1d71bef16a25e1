import GripperEditing

extension Scene {
    /// Every item a scene defines (at the start, in its segments and
    /// children, in reloads and in batches), found by identity — what
    /// ``Scene/itemsByID`` gives, without a copy of each item: the index
    /// keeps the scene's own item lists (shared, not copied) and, per
    /// identity, where its last definition is. A large scene's data source
    /// and delegate share one, so an item costs its place here (a packed
    /// integer) and not a second copy of its definition.
    struct ItemIndex: Sendable {
        /// The scene's item lists, in the order ``Scene/itemsByID`` reads them.
        private var lists: [[Item]] = []
        /// Where each identity's last definition is: list << 32 | item.
        private var places: [ItemID: UInt64] = [:]

        /// The index of `scene`'s items.
        /// - Complexity: O(n) over the scene's items (its reloads' and batches' too).
        init(_ scene: Scene) {
            for section in scene.sections { lists.append(section.items) }
            for segment in (scene.segments ?? []) + (scene.children ?? []) {
                for section in segment.sections { lists.append(section.items) }
            }
            for stimulus in scene.stimuli {
                for section in stimulus.sections ?? [] { lists.append(section.items) }
                if case .batch = stimulus.action { lists.append(stimulus.items) }
            }
            places.reserveCapacity(lists.reduce(0) { $0 + $1.count })
            for (l, list) in lists.enumerated() {
                for (i, item) in list.enumerated() { places[item.id] = UInt64(l) << 32 | UInt64(i) }
            }
        }

        /// The definition of `id`, or nil when the scene has none.
        /// - Complexity: O(1).
        subscript(id: ItemID) -> Item? {
            guard let place = places[id] else { return nil }
            return lists[Int(place >> 32)][Int(place & 0xffff_ffff)]
        }

        /// Whether any item's definition satisfies `predicate`.
        /// - Complexity: O(n).
        func contains(where predicate: (Item) -> Bool) -> Bool {
            places.values.contains { predicate(lists[Int($0 >> 32)][Int($0 & 0xffff_ffff)]) }
        }
    }
}
