import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import GripperTesting
import Testing

/// `gripper test`, run end to end on the bundled cases and on copies of them.
@Suite struct TestCommandTests {
    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let r = try GripperProcess.run(arguments)
        return (r.status, r.stdout, r.stderr)
    }

    /// A fresh folder holding copies of the named scenario folders.
    func copies(_ names: [String], tag: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-test-\(getpid())-\(tag)")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: Fixtures.recording("scenarios/\(name)"), to: root.appendingPathComponent(name))
        }
        return root
    }

    static let bundled = [
        "scenarios/batch-gripper-drag", "scenarios/batch-select-delete", "scenarios/drag-auto-scroll",
        "scenarios/drag-cancelled-by-set-editing", "scenarios/drag-ended-by-device-loss",
        "scenarios/drag-into-another-section", "scenarios/fling-settles", "scenarios/flow-drag",
        "scenarios/full-swipe", "scenarios/grid-drag", "scenarios/horizontal-drag", "scenarios/keyboard-move-across-section",
        "scenarios/keyboard-move-cancelled", "scenarios/long-press-drag-down-up", "scenarios/mouse-drag", "scenarios/mouse-swipe",
        "scenarios/pinned-header-pushed-up", "scenarios/rotation-during-drag", "scenarios/rubber-band-at-the-top",
        "scenarios/multi-drag-across-sections", "scenarios/pinch-between-layouts", "scenarios/touchpad-pinch-between-layouts", "scenarios/add-to-drag-with-second-finger", "scenarios/drop-into-folder",
        "scenarios/segment-switch-during-swipe", "scenarios/menu-then-drag", "scenarios/menu-tap-entry",
        "scenarios/layout-switch-during-batch-editing", "scenarios/fling-snaps-to-rows", "scenarios/section-moved-mid-drag",
        "scenarios/swipe-then-delete", "scenarios/swipe-then-shut", "scenarios/vertical-pan-scrolls",
        "real-replays/mouse_ultrathin-touch-mouse_motion-clicks-wheel", "real-replays/tp_alps-glidepoint_double-tap",
        "real-replays/ts_atmel-maxtouch_1-finger-drag-up-down", "real-replays/ts_atmel-maxtouch_1-finger-fast-taps",
        "real-replays/ts_ep0430m09_2-finger-scroll-down", "real-replays/ts_ntrig_protoA_1-finger-drag-NW-SE",
        "real-replays/ts_wacom-isdv4-e6_1-finger-horizontal-swipe", "real-replays/ts_wacom-isdv4-e6_single-tap",
        "data-sources/child-loads-empty-placeholder", "data-sources/children-land-together-during-drag",
        "data-sources/error-placeholder", "data-sources/loads-empty-placeholder", "data-sources/refresh-lands-during-drag",
        "touchpad/clickpad-drag-scroll-palm",
    ]

    @Test func everyBundledCasePasses() throws {
        let r = try run(["test", "Recordings"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines == Self.bundled.sorted().map { "PASS Recordings/\($0)" } + ["\(Self.bundled.count) passed, 0 failed"])
        #expect(r.err.isEmpty)
    }

    @Test func aDifferingCaseFailsWithTheFirstDifferenceAndATimeline() throws {
        let root = try copies(["full-swipe", "swipe-then-shut"], tag: "differ")
        defer { try? FileManager.default.removeItem(at: root) }
        let expected = root.appendingPathComponent("full-swipe/expected.txt")
        let original = try String(contentsOf: expected, encoding: .utf8)
        try original.replacingOccurrences(of: "action delete on i4", with: "action archive on i4")
            .write(to: expected, atomically: true, encoding: .utf8)
        let r = try run(["test", root.path])
        #expect(r.status == 1)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "FAIL \(root.path)/full-swipe: first difference at line 9 (0.840806 s) of \(expected.path)")
        #expect(lines.contains("     -0.840806 committed #1 action archive on i4"))
        #expect(lines.contains("     +0.840806 committed #1 action delete on i4"))
        // Context: the entry before, unchanged.
        #expect(lines.contains("      0.840806 gesture pan ended at 19.93,196.14"))
        let page = root.appendingPathComponent("full-swipe/actual.html")
        #expect(lines.contains("     timeline of the actual run: \(page.path)"))
        #expect(lines.contains("PASS \(root.path)/swipe-then-shut"))
        #expect(lines.last == "1 passed, 1 failed")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<svg ") && html.contains("committed #1 action delete on i4"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("swipe-then-shut/actual.html").path))
    }

    @Test func updateReblessesTheFailingCaseAndSaysWhatChanged() throws {
        let root = try copies(["full-swipe", "mouse-drag"], tag: "update")
        defer { try? FileManager.default.removeItem(at: root) }
        let expected = root.appendingPathComponent("full-swipe/expected.txt")
        let original = try String(contentsOf: expected, encoding: .utf8)
        let passing = root.appendingPathComponent("mouse-drag/expected.txt")
        let passingBefore = try FileManager.default.attributesOfItem(atPath: passing.path)[.modificationDate] as? Date
        try original.replacingOccurrences(of: "0.840806 state swiping -> idle\n", with: "")
            .write(to: expected, atomically: true, encoding: .utf8)
        #expect(try run(["test", root.path]).status == 1)
        let r = try run(["test", "--update", root.path])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.contains("UPD  \(root.path)/full-swipe: updated \(expected.path): first difference at line 10 (0.840806 s); 0 lines removed, 1 added"))
        #expect(r.out.contains("     +0.840806 state swiping -> idle"))
        #expect(r.out.hasSuffix("1 passed, 0 failed, 1 updated\n"))
        #expect(try String(contentsOf: expected, encoding: .utf8) == original)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("full-swipe/actual.html").path))
        let passingAfter = try FileManager.default.attributesOfItem(atPath: passing.path)[.modificationDate] as? Date
        #expect(passingBefore == passingAfter)
        let again = try run(["test", root.path])
        #expect(again.status == 0 && again.out.hasSuffix("2 passed, 0 failed\n"))
    }

    @Test func aNewCaseFailsUntilUpdateRecordsIt() throws {
        let root = try copies(["grid-drag"], tag: "new")
        defer { try? FileManager.default.removeItem(at: root) }
        let expected = root.appendingPathComponent("grid-drag/expected.txt")
        let original = try String(contentsOf: expected, encoding: .utf8)
        try FileManager.default.removeItem(at: expected)
        var r = try run(["test", root.path])
        #expect(r.status == 1 && r.out.contains("no expected transcript \(expected.path); record it with gripper test --update"))
        r = try run(["test", "--update", root.path])
        #expect(r.status == 0 && r.out.contains("UPD  \(root.path)/grid-drag: recorded \(expected.path)"))
        #expect(try String(contentsOf: expected, encoding: .utf8) == original)
    }

    @Test func jsonAndJUnitReports() throws {
        let root = try copies(["full-swipe", "swipe-then-delete"], tag: "reports")
        defer { try? FileManager.default.removeItem(at: root) }
        let expected = root.appendingPathComponent("swipe-then-delete/expected.txt")
        try String(contentsOf: expected, encoding: .utf8).replacingOccurrences(of: "i2", with: "i9")
            .write(to: expected, atomically: true, encoding: .utf8)
        let junit = root.appendingPathComponent("report.xml")
        let r = try run(["test", "--json", "--junit", junit.path, root.path])
        #expect(r.status == 1)
        let objects = try r.out.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 3)
        #expect(objects[0]["case"] as? String == "\(root.path)/full-swipe" && objects[0]["status"] as? String == "passed")
        #expect(objects[1]["status"] as? String == "failed")
        let first = try #require(objects[1]["firstDifference"] as? [String: Any])
        #expect((first["expected"] as? String)?.contains("i9") == true && (first["actual"] as? String)?.contains("i2") == true)
        #expect(objects[1]["timeline"] as? String == root.appendingPathComponent("swipe-then-delete/actual.html").path)
        #expect(objects[2]["event"] as? String == "summary" && objects[2]["passed"] as? Int == 1 && objects[2]["failed"] as? Int == 1)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<testsuite name=\"gripper test\" tests=\"2\" failures=\"1\" errors=\"0\""))
        #expect(xml.contains("name=\"full-swipe\"") && xml.contains("<failure type=\"transcript\""))
        #expect(xml.contains("-0.508599 highlight [0,1]") || xml.contains("i9"))
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "the JUnit report is well-formed XML")
    }

    @Test func shardsAreStableDisjointSlicesThatCoverEveryCase() throws {
        var seen: [String] = []
        for k in 1...3 {
            let r = try run(["test", "--shard", "\(k)/3", "Recordings"])
            #expect(r.status == 0)
            let names = r.out.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.map { String($0.dropFirst(5)) }
            #expect(!names.isEmpty)
            seen += names
            // The same slice from another spelling of the folder.
            let again = try run(["test", "--shard", "\(k)/3", "./Recordings/"])
            #expect(again.out.split(separator: "\n").filter { $0.hasPrefix("PASS ") }.count == names.count)
        }
        #expect(seen.sorted() == Self.bundled.map { "Recordings/\($0)" }.sorted())
    }

    @Test func filterPicksCasesByName() throws {
        let r = try run(["test", "--filter", "drag-(into|auto)", "--filter", "single-tap$", "Recordings"])
        #expect(r.status == 0)
        #expect(r.out == """
            PASS Recordings/real-replays/ts_wacom-isdv4-e6_single-tap
            PASS Recordings/scenarios/drag-auto-scroll
            PASS Recordings/scenarios/drag-into-another-section
            3 passed, 0 failed

            """)
        #expect(try run(["test", "--filter", "(", "Recordings"]).status == 2)
        #expect(try run(["test", "--filter", "nothing-like-this", "Recordings"]).status == 2)
    }

    @Test func oneCaseByItsFolderOrFiles() throws {
        var r = try run(["test", "Recordings/scenarios/full-swipe"])
        #expect(r.out == "PASS Recordings/scenarios/full-swipe\n1 passed, 0 failed\n")
        r = try run(["test", "Recordings/real-replays/ts_wacom-isdv4-e6_single-tap.expected.txt", "Recordings/real-replays/tp_alps-glidepoint_double-tap"])
        #expect(r.out == "PASS Recordings/real-replays/tp_alps-glidepoint_double-tap\nPASS Recordings/real-replays/ts_wacom-isdv4-e6_single-tap\n2 passed, 0 failed\n")
    }

    @Test func badInputIsExitTwoNamingTheFileAndLine() throws {
        let root = try copies(["full-swipe", "mouse-swipe"], tag: "bad")
        defer { try? FileManager.default.removeItem(at: root) }
        let trace = root.appendingPathComponent("mouse-swipe/trace.evemu")
        var text = try String(contentsOf: trace, encoding: .utf8)
        text += "E: 9.000000 0003 0000 banana\n"
        try text.write(to: trace, atomically: true, encoding: .utf8)
        var r = try run(["test", root.path])
        #expect(r.status == 2)
        #expect(r.out.contains("PASS \(root.path)/full-swipe"))
        let bad = r.out.split(separator: "\n").first { $0.hasPrefix("BAD  \(root.path)/mouse-swipe: \(trace.path):") }
        #expect(bad != nil, "\(r.out)")
        #expect(r.out.hasSuffix("1 passed, 0 failed, 1 with bad input\n"))
        // A case.json with an unknown key, named with its line.
        try "{\n  \"gestures\": {\"longPressDuration\": 0.4,\n   \"slop\": 3}}\n"
            .write(to: root.appendingPathComponent("full-swipe/case.json"), atomically: true, encoding: .utf8)
        r = try run(["test", root.appendingPathComponent("full-swipe").path])
        #expect(r.status == 2 && r.out.contains("case.json:3: gestures.slop: unknown field"), "\(r.out)")
        r = try run(["test", "Recordings/no-such-folder"])
        #expect(r.status == 2 && r.err.contains("Recordings/no-such-folder: no such file or folder"))
        r = try run(["test", "--shard", "4/3", "Recordings"])
        #expect(r.status == 2 && r.err.contains("--shard takes K/N"))
        r = try run(["test", "Sources"])
        #expect(r.status == 2 && r.err.contains("no replay cases under Sources"))
    }

    /// A named case whose case.json pins the gestures, the scene and where
    /// the traces are: the pinned double tap changes the transcript.
    @Test func aCasePinsItsGesturesSceneAndTraces() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-test-\(getpid())-pins")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let name = "ts_atmel-maxtouch_1-finger-fast-taps"
        try FileManager.default.copyItem(at: Fixtures.recording("real-replays/\(name).expected.txt"),
                                         to: root.appendingPathComponent("\(name).expected.txt"))
        let settings = root.appendingPathComponent("case.json")
        func pin(_ gestures: String) throws {
            try """
                {"traces": "\(Fixtures.recording("real").path)", "scene": "\(Fixtures.recording("real-replays/scene.json").path)",
                 "device": "\(Fixtures.recording("real/\(name).evemu").path)"\(gestures)}
                """.write(to: settings, atomically: true, encoding: .utf8)
        }
        try pin("")
        var r = try run(["test", root.path])
        #expect(r.status == 0 && r.out.contains("PASS \(root.path)/\(name)"), "\(r.out)")
        try pin(#", "gestures": {"maximumTapCount": 2}"#)
        r = try run(["test", root.path])
        #expect(r.status == 1 && r.out.contains("FAIL \(root.path)/\(name)"), "\(r.out)")
    }
}
