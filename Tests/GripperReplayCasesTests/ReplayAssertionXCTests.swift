import Foundation
import XCTest
import Gripper
import GripperFiles
import GripperReplayCases
import GripperScene
import GripperTesting

/// `assertReplay` under XCTest: a throwing test method records the
/// assertion's failure with its description.
final class ReplayAssertionXCTests: XCTestCase {
    func testAScenarioMatchesItsExpectedTranscript() throws {
        let folder = Fixtures.recording("scenarios/swipe-then-delete")
        let scenario = try ScenarioFolder("swipe-then-delete")
        try assertReplay(scenario.trace, scene: scenario.scene, matches: folder.appendingPathComponent("expected.txt").path)
    }

    func testAMismatchIsAFailureWithADiff() throws {
        let scenario = try ScenarioFolder("swipe-then-delete")
        let (trace, scene) = (scenario.trace, scenario.scene)
        let wrong = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-xct-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: wrong) }
        try "0.000000 nothing\n".write(to: wrong, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try assertReplay(trace, scene: scene, matches: wrong.path)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("ReplayAssertionXCTests.swift:"), text)
            XCTAssertTrue(text.contains("-0.000000 nothing"), text)
            XCTAssertTrue(text.contains("+0.50"), text)
        }
    }
}
