import Foundation
import Testing
import Gripper
import GripperInput
@_spi(Fuzzing) import GripperTesting
import GripperScene
import GripperScripting
import GripperTraces

/// Every input a fuzz target once crashed on, kept in
/// `Recordings/fuzz-regressions/TARGET/` and replayed through the same
/// ``FuzzTarget/run(_:)`` the libFuzzer executables call (a trap there ends
/// this test run), plus what each must give instead of the crash.
@Suite struct FuzzRegressionTests {
    static func inputs(_ target: FuzzTarget) -> [URL] {
        let folder = Fixtures.recordings.appendingPathComponent("fuzz-regressions/\(target.rawValue)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0 != "README.md" }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyKeptInputRunsClean(target: FuzzTarget) throws {
        for url in Self.inputs(target) {
            let bytes = Array(try Data(contentsOf: url))
            if target == .engine {
                // Reported rather than trapped, with the step that broke.
                let failure = EngineFuzzDriver.outcome(of: bytes).failure
                #expect(failure == nil, "\(url.lastPathComponent): \(failure ?? "")")
            } else {
                target.run(bytes)
            }
        }
    }

    /// The `test-folder` target's seeds (`scripts/fuzz` starts from them):
    /// a case, a case with a link up the tree in its folder, a link out of
    /// the tree to a folder holding a case, a FIFO as the expected file, a
    /// name with a line break; each builds its tree and runs clean.
    @Test(arguments: zip(FolderFuzzDriver.seeds, [1, 1, 1, 1, 1]))
    func folderSeedsRunClean(seed: [UInt8], cases: Int) {
        #expect(FolderFuzzDriver.run(seed) == cases)
    }

    /// The engine's invariants (the fuzz target's check) hold after every
    /// frame and deadline of every recorded scenario, and nothing is left
    /// pending at the end.
    @Test(arguments: ScenarioFolder.names)
    func engineInvariantsHoldThroughEveryScenario(name: String) throws {
        let folder = try ScenarioFolder(name)
        var driver = try EngineDriver(scene: folder.scene, device: folder.trace.device)
        #expect(driver.engine._invariantViolations() == [])
        for (k, frame) in folder.trace.frames.enumerated() {
            while let d = driver.nextDeadline, d < frame.time {
                driver.fire(until: d)
                #expect(driver.engine._invariantViolations() == [], "\(name): deadline before frame \(k)")
            }
            driver.handle(frame)
            #expect(driver.engine._invariantViolations() == [], "\(name): frame \(k)")
        }
        driver.finish()
        #expect(driver.engine._invariantViolations() == [], "\(name): after finish")
        #expect(driver.engine.presentation.drag == nil && driver.nextDeadline == nil, "\(name)")
    }

    @Test func theRegressionFolderHoldsInputs() {
        #expect(FuzzTarget.allCases.map { Self.inputs($0).count }.reduce(0, +) > 0)
    }

    /// `E:` seconds with one digit more than the range check saw overflowed
    /// `seconds × 10⁶` (issue 14's `E: 9999999999999.0 0 0 0`); now a located error.
    @Test(arguments: ["E: 9999999999999.0 0 0 0\n", "E: 13304959311110.11 0003 0039 0\n"])
    func evemuSecondsPastTheRangeAreAnError(line: String) {
        // A located error on the line, naming the range (the readers' one
        // time check, in TimeRangeTests).
        do {
            _ = try EvemuFormat.read(line, fileName: "x.events", device: TestDevices.probeTouchscreen)
            Issue.record("read \(line)")
        } catch {
            #expect(error.file == "x.events" && error.line == 1)
            #expect("\(error)".contains("out of range"), "\(error)")
        }
        #expect(throws: Never.self) {
            try EvemuFormat.read("E: 9000000000000.999999 0000 0000 0\n", fileName: "x.events", device: TestDevices.probeTouchscreen)
        }
    }

    /// A stimulus time beyond Int64 microseconds trapped converting to a
    /// duration; now an error naming the field.
    @Test func stimulusTimesAreBounded() throws {
        let scene = #"{"viewport":{"width":400,"height":640},"sections":[],"stimuli":[{"t":%@,"undo":true}]}"#
        for t in ["8888888888888881807e-3", "1000000000.5"] {
            let error = #expect(throws: SceneError.self) { try Scene.decode(scene.replacingOccurrences(of: "%@", with: t)) }
            #expect(error?.path == "stimuli[0].t")
        }
        #expect(throws: SceneError.self) { try Scene.decode(scene.replacingOccurrences(of: "%@", with: "1e400")) }
        #expect(throws: Never.self) { try Scene.decode(scene.replacingOccurrences(of: "%@", with: "1e9")) }
    }
}
