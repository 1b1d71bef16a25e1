import Foundation
import Gripper
import GripperFiles
import GripperScene
import GripperTraces

/// A case folder of `Recordings/` read from disk (`scenarios/NAME` unless
/// another folder is named): its `trace.evemu`, `scene.json` and
/// `expected.txt`. The one scenario loader of the package's tests.
package struct ScenarioFolder {
    /// The scenario's name (its folder under `Recordings/scenarios`), or
    /// the folder's path under `Recordings/`.
    package var name: String
    /// `trace.evemu`.
    package var trace: Trace
    /// `scene.json`, decoded.
    package var scene: Scene
    /// `scene.json` as text (for a test that changes it before decoding).
    package var sceneText: String
    /// `expected.txt`.
    package var expected: String

    /// The scenarios of `Recordings/scenarios`, sorted by name.
    package static var names: [String] {
        let root = Fixtures.recording("scenarios").path
        let all = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return all.filter { !$0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted()
    }

    /// The scenario `name` of `Recordings/scenarios`.
    package init(_ name: String) throws {
        try self.init(name: name, folder: "scenarios/\(name)")
    }

    /// The case folder at `path` under `Recordings/` (`touchpad/clickpad-drag-scroll-palm`).
    package init(folder path: String) throws {
        try self.init(name: path, folder: path)
    }

    private init(name: String, folder path: String) throws {
        let folder = Fixtures.recording(path)
        self.name = name
        trace = try TraceFile.load(path: folder.appendingPathComponent("trace.evemu").path)
        let sceneBytes = Array(try Data(contentsOf: folder.appendingPathComponent("scene.json")))
        sceneText = String(decoding: sceneBytes, as: UTF8.self)
        scene = try Scene.decode(sceneBytes, fileName: "\(name)/scene.json")
        expected = try String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
    }
}
