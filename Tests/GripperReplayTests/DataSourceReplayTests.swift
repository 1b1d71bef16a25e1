import Testing
import Gripper
import GripperReplay
import GripperReplayCases
import GripperTesting

/// The replay cases of `Recordings/data-sources` (the loading track):
/// each replays to its expected transcript, byte for byte.
@Suite struct DataSourceReplayTests {
    @Test func theFolderHoldsItsCases() throws {
        let cases = try ReplayCaseLibrary.find(in: [Fixtures.recording("data-sources").path])
        #expect(cases.map(\.name).map { String($0.split(separator: "/").last ?? "") }.sorted()
                == ["child-loads-empty-placeholder", "children-land-together-during-drag", "error-placeholder",
                    "loads-empty-placeholder",
                    "refresh-lands-during-drag"])
        #expect(cases.allSatisfy { $0.problem == nil && $0.hasExpected })
    }

    @Test(arguments: try! ReplayCaseLibrary.find(in: [Fixtures.recording("data-sources").path]))
    func replaysToItsExpectedTranscript(_ file: ReplayCaseFile) throws {
        let (replayCase, _) = try file.load()
        try assertReplay(replayCase.trace, scene: replayCase.scene, gestures: replayCase.gestures, matches: file.expectedPath)
    }
}
