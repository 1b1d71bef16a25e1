import Testing
@testable import Gripper
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import Gripper

@Suite struct TranscriptFormatTests {
    @Test func fixedDecimals() {
        #expect(FixedDecimal.string(1.005, places: 2) == "1.00" || FixedDecimal.string(1.005, places: 2) == "1.01")
        #expect(FixedDecimal.string(-0.004, places: 2) == "0.00")
        #expect(FixedDecimal.string(-0.005, places: 2) == "-0.01")
        #expect(FixedDecimal.string(12.5, places: 0) == "13")
        #expect(FixedDecimal.string(3, places: 2) == "3.00")
        #expect(FixedDecimal.string(.nan, places: 2) == "0")
        #expect(FixedDecimal.seconds(microseconds: 1_250_000) == "1.250000")
        #expect(FixedDecimal.seconds(microseconds: 7) == "0.000007")
        #expect(FixedDecimal.seconds(microseconds: -1_500_000) == "-1.500000")
        #expect(Escaping.json("a\"b\\c\n\u{1}é") == #""a\"b\\c\n\u0001é""#)
    }

    @Test func textAndJSONLines() {
        var t = Transcript()
        t.append(.init(offset: 0, event: .gesture(.touch(.began, GestureContact(id: 1, location: Point(x: 1, y: 2.345))))))
        t.append(.init(offset: 512_000, event: .transition(from: .idle, to: .tracking)))
        t.append(.init(offset: 600_000, event: .effect(.committed(journalEntry(1, .move("a", from: ItemPath(section: 0, item: 0),
                                                                                     to: ItemPath(section: 1, item: 2)))))))
        t.append(.init(offset: 700_000, event: .effect(.selectionChanged(["a", "b"]))))
        t.append(.init(offset: 800_000, event: .stimulus(.setEditing(true))))
        t.append(.init(offset: 900_000, event: .effect(.committed(journalEntry(2, .delete(["x", "y"]))))))
        t.finish(with: [CollectionSection(id: "s", items: ["a", "b"]), CollectionSection(id: "t", items: [])])
        #expect(t.text == """
        0.000000 gesture touch began at 1.00,2.35
        0.512000 state idle -> tracking
        0.600000 committed #1 move a [0,0] -> [1,2]
        0.700000 selection a b
        0.800000 stimulus setEditing true
        0.900000 committed #2 delete x y
        final s: a b | t:

        """)
        #expect(t.jsonLines == """
        {"t":0.000000,"event":"gesture","kind":"touch","state":"began","x":1.00,"y":2.35}
        {"t":0.512000,"event":"state","from":"idle","to":"tracking"}
        {"t":0.600000,"event":"committed","sequence":1,"edit":"move","item":"a","from":[0,0],"to":[1,2]}
        {"t":0.700000,"event":"selection","items":["a","b"]}
        {"t":0.800000,"event":"stimulus","name":"setEditing","editing":true}
        {"t":0.900000,"event":"committed","sequence":2,"edit":"delete","items":["x","y"]}
        {"event":"final","sections":[{"id":"s","items":["a","b"]},{"id":"t","items":[]}]}

        """)
    }

    @Test func aGroupMoveIsOneLine() {
        var t = Transcript()
        let edit = Edit.moveItems(["apple", "pear"], from: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)],
                                  to: ItemPath(section: 1, item: 2))
        t.append(.init(offset: 600_000, event: .effect(.committed(journalEntry(1, edit)))))
        #expect(t.text == """
        0.600000 committed #1 moveItems apple [0,0] pear [0,1] -> [1,2]

        """)
        #expect(t.jsonLines == """
        {"t":0.600000,"event":"committed","sequence":1,"edit":"moveItems","items":["apple","pear"],"from":[[0,0],[0,1]],"to":[1,2]}

        """)
    }

    @Test func aCancelledDeleteConfirmationHasItsOwnEntry() {
        var t = Transcript()
        t.append(.init(offset: 400_000, event: .effect(.deleteConfirmationOpened("b"))))
        t.append(.init(offset: 950_000, event: .effect(.deleteConfirmationCancelled("b"))))
        t.append(.init(offset: 1_200_000, event: .effect(.swipeShut("c"))))
        #expect(t.text == """
        0.400000 deleteConfirmation b
        0.950000 deleteConfirmationCancelled b
        1.200000 swipeShut c

        """)
        #expect(t.jsonLines == """
        {"t":0.400000,"event":"deleteConfirmation","item":"b"}
        {"t":0.950000,"event":"deleteConfirmationCancelled","item":"b"}
        {"t":1.200000,"event":"swipeShut","item":"c"}

        """)
    }
}
