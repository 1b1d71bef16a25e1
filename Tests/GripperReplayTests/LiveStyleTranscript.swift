import Gripper
import GripperScene
import GripperTraces

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
