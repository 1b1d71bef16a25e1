import Dispatch
import Synchronization

/// Runs many independent jobs — replay cases, one engine each — on several
/// threads at once and hands their results over in order, as soon as every
/// earlier one is in: what lets `gripper test` use every core and still
/// print one line per case in a fixed order while the run goes on.
public enum ReplayCaseRunner {
    /// Calls `job(i)` for every `i` in `0..<count` on up to `workers`
    /// threads (at least one), and `deliver(i, result)` on the calling
    /// thread for each in the order of `i`. A result waits only for the
    /// ones before it, so results held at once are few unless an early job
    /// is much slower than the rest. Returns when every result is delivered.
    /// - Complexity: `count` jobs, spread over the threads.
    public static func run<Result: Sendable>(count: Int, workers: Int, job: @escaping @Sendable (Int) -> Result,
                                             deliver: (Int, Result) -> Void) {
        guard count > 0 else { return }
        let shared = Shared<Result>()
        let arrived = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, count)) {
            DispatchQueue.global().async(group: group) {
                while let index = shared.state.withLock({ s -> Int? in
                    guard s.next < count else { return nil }
                    defer { s.next += 1 }
                    return s.next
                }) {
                    let result = job(index)
                    shared.state.withLock { $0.pending[index] = result }
                    arrived.signal()
                }
            }
        }
        var delivered = 0
        while delivered < count {
            // Every result not yet delivered is still to signal, so a wait always ends.
            if let ready = shared.state.withLock({ $0.pending.removeValue(forKey: delivered) }) {
                deliver(delivered, ready)
                delivered += 1
            } else {
                arrived.wait()
            }
        }
        group.wait()
    }

    private final class Shared<Result: Sendable>: Sendable {
        struct State {
            var next = 0
            var pending: [Int: Result] = [:]
        }
        let state = Mutex(State())
    }
}
