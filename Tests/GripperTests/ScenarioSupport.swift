import Foundation
import Gripper
import GripperFiles
import GripperScene
import GripperTesting
import GripperTraces

/// A scenario folder of `Recordings/scenarios`, read from disk.
struct ScenarioFolder {
    var name: String
    var trace: Trace
    var scene: Scene
    var expected: String

    static var names: [String] {
        let root = Fixtures.recording("scenarios").path
        let all = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return all.filter { !$0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted()
    }

    init(_ name: String) throws {
        let folder = Fixtures.recording("scenarios/\(name)")
        self.name = name
        trace = try TraceFile.load(path: folder.appendingPathComponent("trace.evemu").path)
        let sceneBytes = try Data(contentsOf: folder.appendingPathComponent("scene.json"))
        scene = try Scene.decode(Array(sceneBytes), fileName: "\(name)/scene.json")
        expected = try String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
    }
}

/// Drives an engine the way a live loop does: a virtual clock fires each
/// deadline when it comes due before the next frame arrives, and frames are
/// handed over one at a time.
func liveStyleTranscript(_ trace: Trace, scene: Scene) throws -> Transcript {
    var driver = try EngineDriver(scene: scene, device: trace.device, recordingTranscript: true)
    for frame in trace.frames {
        while let d = driver.nextDeadline, d < frame.time { driver.fire(until: d) }
        driver.handle(frame)
    }
    driver.finish()
    return driver.engine.transcript
}
