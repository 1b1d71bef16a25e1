import Foundation
import GripperTesting
import Testing

/// `gripper trace cut` and `gripper trace minimize`, run end to end.
@Suite struct TraceCutCommandTests {
    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let r = try GripperProcess.run(arguments)
        return (r.status, r.stdout, r.stderr)
    }

    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("gripper-cut-\(getpid())-\(name)").path
    }

    @Test func cutsOneTapIntoEitherFormat() throws {
        for ext in ["evemu", "yml"] {
            let out = temporary("tap.\(ext)")
            defer { unlink(out) }
            let r = try run(["trace", "cut", "Recordings/real/ts_atmel-maxtouch_1-finger-fast-taps.evemu", out, "--contacts", "5"])
            #expect(r.status == 0, "\(r.err)")
            #expect(r.out == "wrote \(out): 3 frames of 18, 0.082664 s, 1 contacts\n")
            let info = try run(["trace", "info", out, "--json"])
            #expect(info.status == 0 && info.out.contains("Atmel maXTouch Touchscreen"))
            // It replays to one tap.
            let replay = try run(["replay", out, "--scene", "Recordings/real-replays/scene.json"])
            #expect(replay.out.components(separatedBy: "gesture tap recognized").count == 2, "\(replay.out)")
        }
    }

    @Test func cutsAroundATranscriptEntry() throws {
        let out = temporary("around.evemu")
        defer { unlink(out) }
        let r = try run(["trace", "cut", "Recordings/scenarios/long-press-drag-down-up/trace.evemu", out,
                         "--around", "committed #2", "--scene", "Recordings/scenarios/long-press-drag-down-up/scene.json"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("around ") && r.out.contains("committed #2 move"))
        #expect(r.out.contains("1 contacts"))
        let replay = try run(["replay", out, "--scene", "Recordings/scenarios/long-press-drag-down-up/scene.json"])
        #expect(replay.out.contains("committed #1 move") && !replay.out.contains("committed #2"))
    }

    @Test func badCutsExitTwo() throws {
        let out = temporary("bad.evemu")
        let trace = "Recordings/real/ts_atmel-maxtouch_1-finger-fast-taps.evemu"
        var r = try run(["trace", "cut", trace, out])
        #expect(r.status == 2 && r.err.contains("give one of --from/--to, --contacts or --around"))
        r = try run(["trace", "cut", trace, out, "--contacts", "99"])
        #expect(r.status == 2 && r.err.contains("no contact 99: the trace has 9 contacts"))
        r = try run(["trace", "cut", trace, out, "--contacts", "x"])
        #expect(r.status == 2 && r.err.contains("--contacts takes contact ids"))
        r = try run(["trace", "cut", trace, out, "--around", "tap"])
        #expect(r.status == 2 && r.err.contains("--around needs --scene"))
        r = try run(["trace", "cut", trace, out, "--from", "nan"])
        #expect(r.status == 2 && r.err.contains("--from must be a number of seconds"))
        r = try run(["trace", "cut", trace, out, "--from", "50"])
        #expect(r.status == 2 && r.err.contains("no frame between 50.000000 s and the end"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func minimizesARealSwipeToItsArchive() throws {
        let out = temporary("min.evemu")
        defer { unlink(out) }
        let r = try run(["trace", "minimize", "Recordings/real/ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events",
                         "--scene", "Recordings/real-replays/scene.json", "--keep", "committed", "-o", out])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("kept: committed #1 action archive on r1\nwrote \(out): "))
        let replay = try run(["replay", out, "--scene", "Recordings/real-replays/scene.json"])
        #expect(replay.out.contains("committed #1 action archive on r1"))
        let none = try run(["trace", "minimize", "Recordings/real/ts_wacom-isdv4-e6_1-finger-horizontal-swipe.events",
                            "--scene", "Recordings/real-replays/scene.json", "--keep", "dragBegan", "-o", out])
        #expect(none.status == 2 && none.err.contains("no entry of the replay matches"))
    }
}
