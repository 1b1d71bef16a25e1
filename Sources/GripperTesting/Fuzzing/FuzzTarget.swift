import Gripper
import GripperInput
import GripperScene
import GripperFiles
import GripperScripting
import GripperTraces

/// Gripper's fuzz targets: what each does with one input. The libFuzzer
/// executables in `Fuzz/` call ``run(_:)`` and nothing else, and the fuzz
/// regression tests replay every input kept in `Recordings/fuzz-regressions/`
/// through the same call, so a crash found once stays found. Every target
/// traps (`fatalError`) when an invariant breaks, so libFuzzer keeps the input.
///
/// `scripts/fuzz --list` names them; RELIABILITY.md has the figures.
@_spi(Fuzzing) public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The evemu reader: any bytes are read or refused with a located error;
    /// what is read is in time order and summarizes (tracks) without trapping.
    case evemu
    /// The libinput-record reader (byte-level events parser and libyaml), the
    /// same way, for every device in the file.
    case libinputRecord = "libinput-record"
    /// The scene decoder; a scene it accepts then runs through an engine to
    /// its end (its stimuli fired, its transcript written), invariants checked.
    case scene
    /// The engine on a scene made from the first bytes, driven by touch or
    /// mouse frames, waits, stimuli, device loss and raw event noise made
    /// from the rest, with every invariant checked after every step.
    case engine
    /// `gripper test`'s search and case files on a folder the input builds
    /// (``FolderFuzzDriver``): links up, across and out of it, FIFOs,
    /// hostile names; each case found once, none outside, nothing outside
    /// changed.
    case testFolder = "test-folder"

    /// Runs the target on one input; traps when an invariant breaks.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .evemu: Self.readEvemu(bytes)
        case .libinputRecord: Self.readLibinputRecord(bytes)
        case .scene: Self.decodeScene(bytes)
        case .engine: EngineFuzzDriver.run(bytes)
        case .testFolder: FolderFuzzDriver.run(bytes)
        }
    }

    // MARK: - Readers

    static func readEvemu(_ bytes: [UInt8]) {
        let trace: Trace
        do {
            trace = try EvemuFormat.read(bytes, fileName: "fuzz.evemu")
        } catch where error.reason == .missingDeviceDescription {
            // An events-only file, read as `gripper` reads one with its `.desc`.
            guard let t = try? EvemuFormat.read(bytes, fileName: "fuzz.events", device: TestDevices.probeTouchscreen)
            else { return }
            trace = t
        } catch {
            _ = error.description
            return
        }
        check(trace)
    }

    static func readLibinputRecord(_ bytes: [UInt8]) {
        let traces: [Trace]
        do {
            traces = try LibinputRecordFormat.readAll(bytes, fileName: "fuzz.yml")
        } catch {
            _ = error.description
            return
        }
        for trace in traces { check(trace) }
    }

    /// What holds for every trace read: frames in time order, no more events
    /// in frames than were read, and a summary (contact tracking over every
    /// frame) that does not trap.
    static func check(_ trace: Trace) {
        var previous: EventTime?
        var count = 0
        for frame in trace.frames {
            if let p = previous, frame.time < p { fatalError("frames out of time order: \(p) then \(frame.time)") }
            previous = frame.time
            count += frame.events.count
        }
        if count > trace.events.count { fatalError("\(count) events in frames, \(trace.events.count) read") }
        _ = TraceSummary(trace: trace)
        _ = trace.duration
        for warning in trace.warnings { _ = "\(warning)" }
    }

    // MARK: - Scenes

    static func decodeScene(_ bytes: [UInt8]) {
        let scene: Scene
        do {
            scene = try Scene.decode(bytes, fileName: "fuzz.json")
        } catch {
            _ = error.description
            return
        }
        for device in [TestDevices.probeTouchscreen, TestDevices.probeMouse] {
            guard var driver = try? EngineDriver(scene: scene, device: device) else { return }
            EngineFuzzDriver.checkOrTrap(driver.engine, "scene at rest")
            // The first frame sets the origin; finish fires every stimulus.
            driver.handle(EventFrame(time: .zero, events: []))
            EngineFuzzDriver.checkOrTrap(driver.engine, "scene after its first frame")
            driver.finish()
            EngineFuzzDriver.checkOrTrap(driver.engine, "scene after its stimuli")
            _ = driver.engine.transcript.text
        }
    }
}
