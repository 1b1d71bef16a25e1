import Foundation
import GripperScripting
import GripperTesting
import Testing

/// `gripper scenarios`: the bundled scenario folders and their index.
@Suite struct ScenariosCommandTests {
    /// The bundled index lists every scenario of the library, in its order,
    /// with its summary: `--only` keeps it in step when a scenario is added.
    @Test func theBundledIndexListsEveryScenario() throws {
        let index = try String(contentsOf: Fixtures.recording("scenarios/README.md"), encoding: .utf8)
        let rows = index.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.map(String.init) == ScenarioLibrary.all.map { "| `\($0.name)` | \($0.summary) |" })
    }

    /// `--only` rewrites the index where there is one (the bundled set being
    /// updated) and writes none into a folder of its own.
    @Test func onlyRewritesAnIndexThatIsThere() throws {
        let name = try #require(ScenarioLibrary.all.first?.name)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-scenarios-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let index = dir.appendingPathComponent("README.md")
        var result = try GripperProcess.run(["scenarios", dir.path, "--only", name])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(name)/expected.txt").path))
        #expect(!FileManager.default.fileExists(atPath: index.path))
        try Data("stale\n".utf8).write(to: index)
        result = try GripperProcess.run(["scenarios", dir.path, "--only", name])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try String(contentsOf: index, encoding: .utf8)
        #expect(written.hasPrefix("# Scenarios"))
        #expect(written.split(separator: "\n").filter { $0.hasPrefix("| `") }.count == ScenarioLibrary.all.count)
    }
}
