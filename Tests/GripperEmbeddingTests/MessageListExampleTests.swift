import struct Foundation.URL
import class Foundation.FileManager
import Testing
import GripperTesting

/// The example embedding (Examples/MessageList) run end to end: 100,000
/// messages of the app's own, its rules, a recorded drag and new mail in
/// the middle of it.
@Suite struct MessageListExampleTests {
    /// The built example, in the build products folder beside the running test bundle.
    static let binary = BuiltProducts.executable("MessageListExample")

    private func run(_ arguments: [String] = []) throws -> ChildProcess.Result {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the example first: \(Self.binary.path)")
        return try ChildProcess.run(Self.binary, arguments, timeout: 120)
    }

    /// The index of the first line containing `text`, recording an issue when none does.
    private func line(_ lines: [Substring], _ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        guard let i = lines.firstIndex(where: { $0.contains(text) }) else {
            Issue.record("no line with \"\(text)\"", sourceLocation: sourceLocation)
            return -1
        }
        return i
    }

    @Test func newMailMidDragKeepsTheDragAndEveryMessage() throws {
        let result = try run()
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "messages: 1 pinned + 100000 in the inbox; trace long-press-drag-down-up/trace.evemu from \"Probe Touchscreen\"")
        let began = line(lines, "dragBegan m0 from [1,0]")
        // The insert happens while m0 is lifted, and re-bases the drag.
        let mail = line(lines, "newMail new0 new1 new2 inserted at [1,0] during the drag: source [1,0] -> [1,3]")
        let animated = line(lines, "animate appChanged 300 ms easeInOut: ")
        let dropped = line(lines, "dropped #2 m0 [1,3] -> ")
        #expect(began < mail && mail < animated && animated < dropped)
        #expect(lines[animated].contains("3 appearing"))
        #expect(lines.contains("    appear cell new0 [1,0] (0,56 400x56 α0) -> (0,56 400x56 α1)"))
        // Every animation names its element and both frames.
        let moves = lines.filter { $0.hasPrefix("    move cell ") }
        #expect(!moves.isEmpty && moves.allSatisfy { $0.contains(") -> (") })
        #expect(lines.contains { $0.contains("animate gapMoved 250 ms easeInOut") })
        #expect(lines.contains { $0.contains("animate dropped 200 ms easeOut") })
        // The second drag ends over the pinned message: the rules send it to the inbox's top.
        #expect(lines.contains { $0.hasPrefix("4.349550 dropped #3 ") && $0.hasSuffix(" -> [1,0]") })
        #expect(lines.contains { $0.hasPrefix("final pinned: p0 | inbox: m2 new0 new1 new2 ") && $0.hasSuffix("(100003 messages)") })
        #expect(lines.contains { $0.hasPrefix("journal: #1 app, #2 move m0 ") })
        #expect(lines.contains("the user's undo can take off 2 edit(s); it stops at the app's entries"))
        #expect(lines.last == "checked: 100004 messages, each once; the app's storage equals the engine's model")
    }

    @Test func mailBetweenTheDragsCancelsNothing() throws {
        let result = try run(["--inbox", "5000", "--mail-at", "2.5"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let first = line(lines, "dropped #1 m0 [1,0] -> [1,4]")
        let mail = line(lines, "newMail new0 new1 new2 inserted at [1,0]")
        #expect(first < mail && !lines[mail].contains("drag"))
        #expect(lines.contains { $0.contains("dropped #3 ") && $0.hasSuffix(" -> [1,0]") })
        #expect(lines.contains { $0.hasPrefix("journal: #1 move m0 ") && $0.contains(", #2 app, #3 move m3 ") })
        #expect(lines.contains("the user's undo can take off 1 edit(s); it stops at the app's entries"))
        #expect(lines.last == "checked: 5004 messages, each once; the app's storage equals the engine's model")
    }

    /// The bundled full swipe deletes a message with its Delete action: the
    /// example's mirror removes it, and the storage still equals the model
    /// (issue 38: a mirror that skipped actions kept the deleted message).
    @Test func aFullSwipesDeleteLeavesTheStorageToo() throws {
        let result = try run([Fixtures.recording("scenarios/full-swipe/trace.evemu").path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains("journal: #1 action delete on m2"), "\(result.stdout.suffix(400))")
        #expect(lines.contains { $0.hasPrefix("final pinned: p0 | inbox: m0 m1 m3 ") && $0.hasSuffix("(99999 messages)") })
        #expect(lines.last == "checked: 100000 messages, each once; the app's storage equals the engine's model")
    }

    @Test func badInputIsExitStatusTwo() throws {
        let missing = try run(["/nonexistent/trace.evemu"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/trace.evemu: cannot read the file"))
        let option = try run(["--inbox", "3"])
        #expect(option.status == 2 && option.stderr.contains("--inbox needs a count of at least 10"))
    }
}
