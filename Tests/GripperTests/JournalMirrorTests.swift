import Testing
@_spi(Benchmarks) import Gripper
import GripperScripting
@_spi(Benchmarks) import GripperEditing

/// ``JournalMirror`` under seeded random histories of the user's edits
/// (moves, multi-item moves, deletes, drops, as the diffs between random
/// models), undos, redos and the app's own batches (item inserts and
/// deletes, section moves and reloads), with and without a
/// journal limit: after every step the storage holds the journal's model,
/// every element is the one its identity was created with (none lost,
/// none repeated, none re-created), and what is kept for an undo stays
/// within what the journal can still bring back. Then each way an entry
/// cannot be followed: typed, and nothing changed.
@Suite struct JournalMirrorTests {
    /// One element of the test's storage: its identity and the serial it was made with.
    struct Book: Hashable, Sendable {
        var id: ItemID
        var serial: Int
    }

    /// A storage of books by section.
    struct Shelf: MirroredStorage {
        var sectionIDs: [SectionID]
        var books: [[Book]]
        /// Books the app can make for items it never held (a tool's batch).
        var spares: [ItemID: Book] = [:]

        var numberOfSections: Int { books.count }
        func sectionID(at section: Int) -> SectionID { sectionIDs[section] }
        func numberOfItems(inSection section: Int) -> Int { books[section].count }
        func itemID(at indexPath: ItemPath) -> ItemID { books[indexPath.section][indexPath.item].id }
        mutating func removeElement(at path: ItemPath) -> Book { books[path.section].remove(at: path.item) }
        mutating func insertElement(_ book: Book, at path: ItemPath) { books[path.section].insert(book, at: path.item) }
        func element(for id: ItemID) -> Book? { spares[id] }
    }

    /// The transcript entry of an editing effect, as an engine call returns it.
    static func entry(_ effect: EditingEffect) -> Transcript.Entry { Transcript.Entry(offset: 0, event: .effect(effect)) }

    static func model(_ shelf: Shelf) throws -> CollectionModel {
        try CollectionModel(sections: zip(shelf.sectionIDs, shelf.books).map { CollectionSection(id: $0, items: $1.map(\.id)) })
    }

    @Test(arguments: 0..<40)
    func theStorageFollowsEveryHistory(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var serial = 0
        var made: [ItemID: Int] = [:]
        func book() -> Book {
            serial += 1
            let b = Book(id: ItemID("b\(serial)"), serial: serial)
            made[b.id] = serial
            return b
        }
        var shelf = Shelf(sectionIDs: ["a", "b", "c"], books: (0..<3).map { _ in (0..<rng.int(0...8)).map { _ in book() } })
        let limit: Int? = rng.int(0...2) == 0 ? nil : rng.int(1...5)
        var journal = Journal(start: try Self.model(shelf), limit: limit)
        var mirror = JournalMirror<Book>()
        var time = EventTime.zero
        for step in 0..<120 {
            time = time + .milliseconds(10)
            var entries: [Transcript.Entry] = []
            switch rng.int(0...9) {
            case 0...3:
                // The user's edit: the model reordered and thinned at random, as a diff.
                var sections = journal.model.sections.map { Array($0.items) }
                let all = sections.flatMap { $0 }
                guard !all.isEmpty else { continue }
                for _ in 0..<rng.int(1...3) {
                    let from = rng.int(0...2), to = rng.int(0...2)
                    guard !sections[from].isEmpty else { continue }
                    let id = sections[from].remove(at: rng.int(0...(sections[from].count - 1)))
                    if rng.int(0...3) == 0 { continue } // deleted
                    sections[to].insert(id, at: rng.int(0...sections[to].count))
                }
                let target = try CollectionModel(sections: zip(journal.model.sections, sections).map {
                    CollectionSection(id: $0.id, items: $1)
                })
                let batch = journal.model.diff(to: target)
                guard !batch.isEmpty else { continue }
                entries.append(Self.entry(.committed(try journal.commit(batch, as: .batch, at: time))))
            case 4, 5:
                guard let e = journal.undo() else { continue }
                entries.append(Self.entry(.undone(e)))
            case 6:
                guard let e = journal.redo() else { continue }
                entries.append(Self.entry(.redone(e)))
            default:
                // The app's own change: the engine's journal first, then its storage.
                let s = rng.int(0...2)
                var ops: [BatchUpdate.Operation] = []
                if rng.int(0...3) == 0 {
                    // A section moved (its books along), or one reloaded in place.
                    let to = rng.int(0...2)
                    ops = rng.int(0...2) == 0 ? [.reloadSection(s)] : [.moveSection(from: s, to: to), .reloadSection((s + 1) % 3)]
                    entries.append(Self.entry(.appBatchApplied(try journal.commit(BatchUpdate(ops), as: .app, at: time))))
                    try mirror.follow(entries, journal: journal, into: &shelf)
                    if ops.count == 2 {
                        shelf.sectionIDs.insert(shelf.sectionIDs.remove(at: s), at: to)
                        shelf.books.insert(shelf.books.remove(at: s), at: to)
                    }
                    entries = []
                } else if rng.int(0...1) == 0 || shelf.books[s].isEmpty {
                    let b = book()
                    let at = rng.int(0...shelf.books[s].count)
                    ops = [.insertItem(b.id, at: ItemPath(section: s, item: at))]
                    entries.append(Self.entry(.appBatchApplied(try journal.commit(BatchUpdate(ops), as: .app, at: time))))
                    try mirror.follow(entries, journal: journal, into: &shelf)
                    shelf.books[s].insert(b, at: at)
                    entries = []
                } else {
                    let at = rng.int(0...(shelf.books[s].count - 1))
                    ops = [.deleteItem(ItemPath(section: s, item: at))]
                    entries.append(Self.entry(.appBatchApplied(try journal.commit(BatchUpdate(ops), as: .app, at: time))))
                    try mirror.follow(entries, journal: journal, into: &shelf)
                    shelf.books[s].remove(at: at)
                    entries = []
                }
            }
            try mirror.follow(entries, journal: journal, into: &shelf)
            #expect(shelf.holdsItems(of: journal.model), "seed \(seed) step \(step)")
            #expect(shelf.sectionIDs == journal.model.sections.map(\.id), "seed \(seed) step \(step)")
            for book in shelf.books.joined() {
                #expect(made[book.id] == book.serial, "seed \(seed) step \(step): \(book.id) is not the element it was made with")
            }
            // Kept: at most the items the journal's entries and undone entries took away.
            let reachable = (journal.entries + journal.undone).reduce(0) { $0 + $1.batch.operations.count + $1.inverse.operations.count }
            #expect(mirror.keptCount <= reachable, "seed \(seed) step \(step)")
        }
    }

    /// Three books in one section and one in another.
    static func shelf() -> Shelf {
        Shelf(sectionIDs: ["a", "b"], books: [
            [Book(id: "x", serial: 1), Book(id: "y", serial: 2), Book(id: "z", serial: 3)], [Book(id: "w", serial: 4)],
        ])
    }

    @Test func aMovedElementIsTheSameElementAndADeletedOneComesBackByUndo() throws {
        var shelf = Self.shelf()
        var journal = Journal(start: try Self.model(shelf))
        var mirror = JournalMirror<Book>()
        let t = EventTime.zero
        let move = try journal.commit(BatchUpdate([.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1))]),
                                      as: .move("x", from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1)), at: t)
        let delete = try journal.commit(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 1))]), as: .delete(["z"]), at: t)
        try mirror.follow([Self.entry(.committed(move)), Self.entry(.committed(delete))], journal: journal, into: &shelf)
        #expect(shelf.books == [[Book(id: "y", serial: 2)], [Book(id: "w", serial: 4), Book(id: "x", serial: 1)]])
        #expect(mirror.keptCount == 1)
        guard let undone = journal.undo() else { Issue.record("nothing to undo"); return }
        try mirror.follow([Self.entry(.undone(undone))], journal: journal, into: &shelf)
        #expect(shelf.books[0] == [Book(id: "y", serial: 2), Book(id: "z", serial: 3)])
        #expect(mirror.keptCount == 0)
    }

    @Test func theUndoOfAReloadThatChangedSectionsStopsTheMirrorAndChangesNothing() throws {
        var shelf = Self.shelf()
        var journal = Journal(start: try Self.model(shelf))
        var mirror = JournalMirror<Book>()
        // The app reloads with a third section (its storage changed itself) …
        let reload = try journal.commit(BatchUpdate([.insertSection(CollectionSection(id: "c", items: []), at: 2)]),
                                        as: .reload, at: .zero)
        shelf.sectionIDs.append("c")
        shelf.books.append([])
        try mirror.follow([Self.entry(.committed(reload))], journal: journal, into: &shelf)
        // … and the user undoes it: the mirror cannot take a section away.
        guard let undone = journal.undo() else { Issue.record("nothing to undo"); return }
        let before = shelf.books
        #expect(throws: JournalMirror<Book>.Failure.sectionsChanged(sequence: reload.sequence)) {
            try mirror.follow([Self.entry(.undone(undone))], journal: journal, into: &shelf)
        }
        #expect(shelf.books == before && mirror.isStopped)
        #expect(throws: JournalMirror<Book>.Failure.stopped) {
            try mirror.follow([Self.entry(.redone(undone))], journal: journal, into: &shelf)
        }
        // Rebuilt by the app from the model, it follows again.
        shelf.sectionIDs.removeLast()
        shelf.books.removeLast()
        mirror.resume()
        #expect(!mirror.isStopped && shelf.holdsItems(of: journal.model))
    }

    @Test func aStorageChangedBehindTheEnginesBackIsOutOfStep() throws {
        var shelf = Self.shelf()
        var journal = Journal(start: try Self.model(shelf))
        var mirror = JournalMirror<Book>()
        let move = try journal.commit(BatchUpdate([.moveItem(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0))]),
                                      as: .batch, at: .zero)
        shelf.books[0].removeLast() // the app's own, not through the engine
        let before = shelf.books
        #expect(throws: JournalMirror<Book>.Failure.outOfStep(ItemPath(section: 0, item: 2), sequence: move.sequence)) {
            try mirror.follow([Self.entry(.committed(move))], journal: journal, into: &shelf)
        }
        #expect(shelf.books == before)
    }

    @Test func anItemTheMirrorNeverSawNeedsTheStoragesElement() throws {
        var shelf = Self.shelf()
        var journal = Journal(start: try Self.model(shelf))
        var mirror = JournalMirror<Book>()
        let insert = try journal.commit(BatchUpdate([.insertItem("new", at: ItemPath(section: 1, item: 0))]), as: .batch, at: .zero)
        let before = shelf.books
        #expect(throws: JournalMirror<Book>.Failure.unknownItem("new", sequence: insert.sequence)) {
            try mirror.follow([Self.entry(.committed(insert))], journal: journal, into: &shelf)
        }
        #expect(shelf.books == before)
        mirror.resume()
        shelf.spares["new"] = Book(id: "new", serial: 9)
        try mirror.follow([Self.entry(.committed(insert))], journal: journal, into: &shelf)
        #expect(shelf.holdsItems(of: journal.model) && shelf.books[1][0].serial == 9)
    }

    @Test func whatIsKeptIsLetGoWhenTheJournalForgetsIt() throws {
        var shelf = Shelf(sectionIDs: ["a"], books: [(0..<20).map { Book(id: ItemID("b\($0)"), serial: $0) }])
        var journal = Journal(start: try Self.model(shelf), limit: 2)
        var mirror = JournalMirror<Book>()
        for _ in 0..<10 {
            let e = try journal.commit(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 0))]), as: .batch, at: .zero)
            try mirror.follow([Self.entry(.committed(e))], journal: journal, into: &shelf)
        }
        #expect(mirror.keptCount == 2, "only the two entries the journal keeps can be undone")
        let app = try journal.commit(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 0))]), as: .app, at: .zero)
        try mirror.follow([Self.entry(.appBatchApplied(app))], journal: journal, into: &shelf)
        #expect(mirror.keptCount == 0, "the user's undo stops at the app's change")
    }

    /// Deleted, brought back by undo, deleted again by a new edit (which
    /// forgets the undone entry): the element is kept for the new entry's
    /// undo, not let go with the forgotten one.
    @Test func anElementDeletedAgainAfterItsUndoIsKeptForTheNewEntry() throws {
        var shelf = Self.shelf()
        var journal = Journal(start: try Self.model(shelf))
        var mirror = JournalMirror<Book>()
        let first = try journal.commit(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 1))]), as: .delete(["y"]), at: .zero)
        try mirror.follow([Self.entry(.committed(first))], journal: journal, into: &shelf)
        let undone = journal.undo()!
        try mirror.follow([Self.entry(.undone(undone))], journal: journal, into: &shelf)
        let again = try journal.commit(BatchUpdate([.deleteItem(ItemPath(section: 0, item: 1))]), as: .delete(["y"]), at: .zero)
        try mirror.follow([Self.entry(.committed(again))], journal: journal, into: &shelf)
        #expect(mirror.keptCount == 1)
        let back = journal.undo()!
        try mirror.follow([Self.entry(.undone(back))], journal: journal, into: &shelf)
        #expect(shelf.holdsItems(of: journal.model) && shelf.books[0][1] == Book(id: "y", serial: 2))
    }

    /// The app moves and reloads sections in its storage when its batch
    /// applies; the user's later edits and their undo follow in the moved sections.
    @Test func theUsersEditsAfterAnAppSectionMoveFollowInTheMovedSections() throws {
        var shelf = Self.shelf()
        var journal = Journal(start: try Self.model(shelf))
        var mirror = JournalMirror<Book>()
        let app = try journal.commit(BatchUpdate([.moveSection(from: 0, to: 1), .reloadSection(1)]), as: .app, at: .zero)
        try mirror.follow([Self.entry(.appBatchApplied(app))], journal: journal, into: &shelf)
        shelf.sectionIDs.swapAt(0, 1)
        shelf.books.swapAt(0, 1)
        let move = try journal.commit(BatchUpdate([.moveItem(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 1))]),
                                      as: .batch, at: .zero)
        try mirror.follow([Self.entry(.committed(move))], journal: journal, into: &shelf)
        #expect(shelf.holdsItems(of: journal.model) && shelf.sectionIDs == ["b", "a"])
        let undone = journal.undo()!
        try mirror.follow([Self.entry(.undone(undone))], journal: journal, into: &shelf)
        #expect(shelf.holdsItems(of: journal.model) && shelf.books[1].map(\.serial) == [1, 2, 3])
    }
}
