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
/// what it opened with while the app changes its own — and the storage the
/// engine's loop mirrors the user's edits into.
struct MessageStore: MirroredStorage {
    /// Section 0: messages pinned to the top; they never move.
    var pinned: [Message]
    /// Section 1: everything else, newest first.
    var inbox: [Message]
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

    // What the engine's loop calls to bring the user's edits here
    // (``MirroredStorage``): one element out, one element in.

    /// Takes the message at `path` out.
    mutating func removeElement(at path: ItemPath) -> Message {
        path.section == 0 ? pinned.remove(at: path.item) : inbox.remove(at: path.item)
    }

    /// Puts `message` at `path`.
    mutating func insertElement(_ message: Message, at path: ItemPath) {
        if path.section == 0 { pinned.insert(message, at: path.item) } else { inbox.insert(message, at: path.item) }
    }
}
