import Gripper

/// One message of the app's own storage.
struct Message: Sendable {
    /// The message's stable identity (the engine's ``ItemID``).
    var id: String
    /// What the app would draw in its row.
    var subject: String
}

/// The app's storage: a few pinned messages, then the inbox. It is also the
/// engine's data source — a value, so the engine's copy is a free snapshot of
/// what it opened with while the app changes its own.
struct MessageStore: CollectionDataSource {
    /// Section 0: messages pinned to the top; they never move.
    var pinned: [Message]
    /// Section 1: everything else, newest first.
    var inbox: [Message]
    /// The last journal entry mirrored into this storage.
    var mirroredSequence = 0

    /// A store of `pinnedCount` pinned messages and `inboxCount` inbox messages.
    init(pinnedCount: Int, inboxCount: Int) {
        pinned = (0..<pinnedCount).map { Message(id: "p\($0)", subject: "Pinned \($0)") }
        inbox = (0..<inboxCount).map { Message(id: "m\($0)", subject: "Message \($0)") }
    }

    var numberOfSections: Int { 2 }
    func sectionID(at section: Int) -> SectionID { section == 0 ? "pinned" : "inbox" }
    func numberOfItems(inSection section: Int) -> Int { section == 0 ? pinned.count : inbox.count }
    func itemID(at indexPath: ItemPath) -> ItemID {
        ItemID(indexPath.section == 0 ? pinned[indexPath.item].id : inbox[indexPath.item].id)
    }

    /// Every identity, section by section, in the app's order.
    var sections: [[ItemID]] { [pinned.map { ItemID($0.id) }, inbox.map { ItemID($0.id) }] }

    /// Mirrors the user's committed moves and deletes — the journal's
    /// entries after ``mirroredSequence`` — in the storage. The app's own
    /// entries are already here (it changed its storage when it applied them).
    /// - Complexity: O(m) per entry for the m messages of the sections it touches.
    mutating func mirror(_ journal: Journal) {
        for entry in journal.entries where entry.sequence > mirroredSequence {
            mirroredSequence = entry.sequence
            switch entry.edit {
            case .move(_, let from, let to):
                let message = from.section == 0 ? pinned.remove(at: from.item) : inbox.remove(at: from.item)
                if to.section == 0 { pinned.insert(message, at: to.item) } else { inbox.insert(message, at: to.item) }
            case .delete, .dropInto, .action:
                // What the entry took away: deleted, dropped into another item
                // (this list has no folders, so they leave it), or a swipe
                // action that deleted its item (a full swipe's Delete).
                let gone = Set(entry.removedItems)
                pinned.removeAll { gone.contains(ItemID($0.id)) }
                inbox.removeAll { gone.contains(ItemID($0.id)) }
            case .moveItems(_, let from, let to):
                // Several at once: out from the last path up, in at the landing in order.
                var moving: [Message] = []
                for p in from.reversed() { moving.append(p.section == 0 ? pinned.remove(at: p.item) : inbox.remove(at: p.item)) }
                moving.reverse()
                if to.section == 0 { pinned.insert(contentsOf: moving, at: to.item) } else { inbox.insert(contentsOf: moving, at: to.item) }
            case .reload, .batch, .app, .replaced:
                continue
            }
        }
    }
}
