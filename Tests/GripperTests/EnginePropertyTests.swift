import Testing
import GripperScripting
import GripperTesting

/// The engine as a whole under seeded random scripts: contact frames (touch
/// and mouse), waits, timers, stimuli and app batches (valid and refused)
/// interleaved, every check of the engine fuzz target's driver made after
/// every step — nothing lost or duplicated, the model equal to the start
/// plus the app's batches and the user's journal, one hidden source and one
/// placeholder while dragging, every transition's "after" equal to what is
/// shown next. The fuzz target explores the same space for as long as it is
/// given; this runs a fixed sample on every `swift test`.
@Suite struct EnginePropertyTests {
    /// A script for ``EngineFuzzDriver``: the scene's bytes, then steps,
    /// with an app batch (`8, 8…9, …`) one step in eight so every script
    /// has several, and drags given the long waits they need.
    static func script(seed: UInt64) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        var bytes: [UInt8] = (0..<5).map { _ in UInt8(rng.int(0...255)) }
        let steps = rng.int(20...400)
        for _ in 0..<steps {
            if rng.chance(0.125) {
                bytes += [8, UInt8(8 + rng.int(0...1))]
            } else if rng.chance(0.08) {
                bytes += [8, UInt8(240 + rng.int(0...15))]   // a key, move, focus, loading event or segment switch
            } else if rng.chance(0.04) {
                // A layout change (a scroll-or-resize stimulus with bit 8 set, bit 1 clear).
                bytes += [8, 206, UInt8(8 | rng.int(0...255) & 0xF6)] + (0..<3).map { _ in UInt8(rng.int(0...255)) }
            } else if rng.chance(0.05) {
                bytes += [7, UInt8(rng.int(20...60))]   // a long wait: a long-press fires
            }
            bytes += (0..<rng.int(1...4)).map { _ in UInt8(rng.int(0...255)) }
        }
        return bytes
    }

    @Test(arguments: 0..<8)
    func randomScriptsKeepEveryInvariant(_ batch: Int) {
        var total = EngineFuzzDriver.Outcome()
        for seed in UInt64(batch * 40)..<UInt64(batch * 40 + 40) {
            let outcome = EngineFuzzDriver.outcome(of: Self.script(seed: seed))
            if let failure = outcome.failure {
                Issue.record("seed \(seed): \(failure)")
                return
            }
            total.steps += outcome.steps
            total.appliedBatches += outcome.appliedBatches
            total.refusedBatches += outcome.refusedBatches
            total.stepsDragging += outcome.stepsDragging
            total.transitions += outcome.transitions
            total.commands += outcome.commands
            total.layoutChanges += outcome.layoutChanges
        }
        // The scripts reach what they are meant to check.
        #expect(total.appliedBatches > 40 && total.refusedBatches > 10, "\(total)")
        #expect(total.stepsDragging > 0 && total.transitions > 100, "\(total)")
        #expect(total.commands > 40, "\(total)")
        #expect(total.layoutChanges > 20, "\(total)")
    }
}
