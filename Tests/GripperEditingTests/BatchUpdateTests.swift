import Testing
import GripperLayout
@testable import GripperEditing

@Suite struct BatchUpdateTests {
    let base = model([("A", ["a0", "a1", "a2", "a3"]), ("B", ["b0", "b1"]), ("C", ["c0"])])

    @Test func deletesUseBeforePathsInDescendingOrder() throws {
        let after = try base.applying(BatchUpdate([.deleteItem(ip(0, 1)), .deleteItem(ip(0, 3)), .deleteItem(ip(0, 0))]))
        #expect(plain(after) == [["a2"], ["b0", "b1"], ["c0"]])
    }

    @Test func insertsUseAfterPathsInAscendingOrder() throws {
        let after = try base.applying(BatchUpdate([.insertItem("x", at: ip(0, 5)), .insertItem("y", at: ip(0, 0)), .insertItem("z", at: ip(0, 2))]))
        // y at 0, z at 2, x at 5 in the final section.
        #expect(plain(after)[0] == ["y", "a0", "z", "a1", "a2", "x", "a3"])
    }

    @Test func deletesAndInsertsTogether() throws {
        // Delete a1 (before), insert x at 1 (after): x takes a1's place.
        let after = try base.applying(BatchUpdate([.insertItem("x", at: ip(0, 1)), .deleteItem(ip(0, 1))]))
        #expect(plain(after)[0] == ["a0", "x", "a2", "a3"])
    }

    @Test func moveIsDeletePlusInsert() throws {
        let down = try base.applying(BatchUpdate([.moveItem(from: ip(0, 0), to: ip(0, 3))]))
        #expect(plain(down)[0] == ["a1", "a2", "a3", "a0"])
        let up = try base.applying(BatchUpdate([.moveItem(from: ip(0, 3), to: ip(0, 0))]))
        #expect(plain(up)[0] == ["a3", "a0", "a1", "a2"])
        let across = try base.applying(BatchUpdate([.moveItem(from: ip(0, 1), to: ip(1, 2))]))
        #expect(plain(across) == [["a0", "a2", "a3"], ["b0", "b1", "a1"], ["c0"]])
        let swap = try base.applying(BatchUpdate([.moveItem(from: ip(0, 0), to: ip(0, 1)), .moveItem(from: ip(0, 1), to: ip(0, 0))]))
        #expect(plain(swap)[0] == ["a1", "a0", "a2", "a3"])
    }

    @Test func moveOntoItsOwnPlaceChangesNothing() throws {
        #expect(try base.applying(BatchUpdate([.moveItem(from: ip(0, 2), to: ip(0, 2))])) == base)
    }

    @Test func reloadKeepsTheModel() throws {
        #expect(try base.applying(BatchUpdate([.reloadItem(ip(1, 1))])) == base)
    }

    @Test func sectionDeleteAndInsert() throws {
        let after = try base.applying(BatchUpdate([
            .deleteSection(1),
            .insertSection(CollectionSection(id: "N", items: ["n0"]), at: 0),
            .insertItem("x", at: ip(2, 1)),
        ]))
        #expect(after.sections.map(\.id.rawValue) == ["N", "A", "C"])
        #expect(plain(after) == [["n0"], ["a0", "a1", "a2", "a3"], ["c0", "x"]])
        // A deleted section's items may come back elsewhere.
        let back = try base.applying(BatchUpdate([.deleteSection(2), .insertItem("c0", at: ip(0, 0))]))
        #expect(plain(back) == [["c0", "a0", "a1", "a2", "a3"], ["b0", "b1"]])
    }

    /// Every invalid kind: the typed error names the operation and the model is unchanged.
    @Test(arguments: [
        // (operations, index of the offending operation, expected reason)
        ([BatchUpdate.Operation.deleteItem(ip(0, 1)), .moveItem(from: ip(0, 1), to: ip(0, 0))], 1,
         BatchUpdateError.Reason.deleteAndMove(ip(0, 1))),
        ([.moveItem(from: ip(0, 1), to: ip(0, 0)), .deleteItem(ip(0, 1))], 1, .deleteAndMove(ip(0, 1))),
        ([.reloadItem(ip(1, 0)), .moveItem(from: ip(1, 0), to: ip(1, 1))], 1, .reloadAndMove(ip(1, 0))),
        ([.moveItem(from: ip(1, 0), to: ip(1, 1)), .reloadItem(ip(1, 0))], 1, .reloadAndMove(ip(1, 0))),
        ([.deleteItem(ip(0, 0)), .reloadItem(ip(0, 0))], 1, .deleteAndReload(ip(0, 0))),
        ([.deleteItem(ip(0, 4))], 0, .itemOutOfRange(ip(0, 4), itemCount: 4, afterBatch: false)),
        ([.deleteItem(ip(0, -1))], 0, .itemOutOfRange(ip(0, -1), itemCount: 4, afterBatch: false)),
        ([.reloadItem(ip(3, 0))], 0, .sectionOutOfRange(3, sectionCount: 3, afterBatch: false)),
        ([.moveItem(from: ip(2, 1), to: ip(0, 0))], 0, .itemOutOfRange(ip(2, 1), itemCount: 1, afterBatch: false)),
        ([.insertItem("x", at: ip(0, 6))], 0, .itemOutOfRange(ip(0, 6), itemCount: 5, afterBatch: true)),
        ([.insertItem("x", at: ip(3, 0))], 0, .sectionOutOfRange(3, sectionCount: 3, afterBatch: true)),
        ([.moveItem(from: ip(0, 0), to: ip(0, 4))], 0, .itemOutOfRange(ip(0, 4), itemCount: 4, afterBatch: true)),
        ([.insertItem("x", at: ip(1, 0)), .insertItem("y", at: ip(1, 0))], 1, .duplicateInsert(ip(1, 0))),
        ([.insertItem("x", at: ip(1, 0)), .moveItem(from: ip(0, 0), to: ip(1, 0))], 1, .duplicateInsert(ip(1, 0))),
        ([.insertItem("x", at: ip(1, 0)), .insertItem("x", at: ip(1, 1))], 1, .duplicateItemID("x")),
        ([.insertItem("a2", at: ip(1, 0))], 0, .duplicateItemID("a2")),
        ([.deleteItem(ip(0, 0)), .deleteItem(ip(0, 0))], 1, .duplicateDelete(ip(0, 0))),
        ([.reloadItem(ip(0, 0)), .reloadItem(ip(0, 0))], 1, .duplicateReload(ip(0, 0))),
        ([.moveItem(from: ip(0, 0), to: ip(0, 1)), .moveItem(from: ip(0, 0), to: ip(0, 2))], 1, .duplicateMove(ip(0, 0))),
        ([.deleteSection(1), .deleteSection(1)], 1, .duplicateSectionDelete(1)),
        ([.deleteSection(3)], 0, .sectionOutOfRange(3, sectionCount: 3, afterBatch: false)),
        ([.deleteSection(1), .deleteItem(ip(1, 0))], 1, .itemInDeletedSection(ip(1, 0))),
        ([.deleteSection(1), .moveItem(from: ip(1, 0), to: ip(0, 0))], 1, .itemInDeletedSection(ip(1, 0))),
        ([.deleteSection(2), .moveItem(from: ip(0, 0), to: ip(2, 0))], 1, .destinationInDeletedSection(ip(2, 0))),
        ([.deleteSection(2), .insertItem("x", at: ip(2, 0))], 1, .destinationInDeletedSection(ip(2, 0))),
        ([.insertSection(CollectionSection(id: "A", items: []), at: 0)], 0, .duplicateSectionID("A")),
        ([.insertSection(CollectionSection(id: "N", items: ["b1"]), at: 0)], 0, .duplicateItemID("b1")),
        ([.insertSection(CollectionSection(id: "N", items: []), at: 4)], 0, .sectionOutOfRange(4, sectionCount: 4, afterBatch: true)),
        ([.insertSection(CollectionSection(id: "N", items: []), at: 1), .insertSection(CollectionSection(id: "M", items: []), at: 1)],
         1, .duplicateSectionInsert(1)),
        // Found by the engine fuzz target: a duplicate section insert past the
        // sections left once all are deleted trapped before it was reported.
        ([.deleteSection(0), .deleteSection(1), .deleteSection(2),
          .insertSection(CollectionSection(id: "N", items: []), at: 1), .insertSection(CollectionSection(id: "M", items: []), at: 1)],
         4, .duplicateSectionInsert(1)),
    ])
    func invalidBatchIsRejectedWithModelUnchanged(operations: [BatchUpdate.Operation], offending: Int, reason: BatchUpdateError.Reason) {
        var m = base
        #expect(throws: BatchUpdateError(operationIndex: offending, operation: operations[offending], reason: reason)) {
            try m.apply(BatchUpdate(operations))
        }
        #expect(m == base)
    }

    @Test func errorMessageNamesTheOperation() {
        let error = BatchUpdateError(operationIndex: 1, operation: .deleteItem(ip(0, 1)), reason: .deleteAndMove(ip(0, 1)))
        #expect(error.description == "batch operation #1 (delete item [0, 1]): item [0, 1] is both deleted and moved")
    }

    @Test func modelRejectsDuplicateIdentities() {
        #expect(throws: CollectionModelError.duplicateItemID("x")) {
            try CollectionModel(sections: [CollectionSection(id: "A", items: ["x"]), CollectionSection(id: "B", items: ["x"])])
        }
        #expect(throws: CollectionModelError.duplicateSectionID("A")) {
            try CollectionModel(sections: [CollectionSection(id: "A", items: []), CollectionSection(id: "A", items: [])])
        }
    }
}
