import GripperGeometry
import GripperInput
import GripperTraces

/// One scripted scenario of the recordings library: a name, what it should
/// do, the device, the scene (JSON text) and the trace a person would make
/// doing it (from ``TraceBuilder``, seeded, so it is always the same).
public struct Scenario: Sendable {
    /// The folder name under `Recordings/scenarios/`.
    public var name: String
    /// What the scenario does and should end with, in one sentence.
    public var summary: String
    /// The scene, as the JSON text written to `scene.json`.
    public var scene: String
    /// The trace, as written to `trace.evemu`.
    public var trace: Trace

    /// Creates a scenario.
    public init(name: String, summary: String, scene: String, trace: Trace) {
        self.name = name
        self.summary = summary
        self.scene = scene
        self.trace = trace
    }
}
