import GripperGeometry
@testable import GripperGestures
import GripperInput
import GripperScripting
import GripperTesting
import Testing

@Suite struct VelocityEstimatorTests {
    func sample(_ tMs: Double, _ x: Double, _ y: Double) -> GestureSample {
        GestureSample(time: ms(tMs), location: Point(x: x * 4, y: y * 4), millimetres: Point(x: x, y: y))
    }

    @Test func fewerThanTwoSamplesGiveZero() {
        var v = VelocityEstimator()
        #expect(v.velocity(at: ms(0), window: .milliseconds(100)).millimetres == .zero)
        v.add(sample(0, 5, 5))
        #expect(v.velocity(at: ms(0), window: .milliseconds(100)).millimetres == .zero)
    }

    @Test func samplesOutsideTheWindowAreIgnored() {
        var v = VelocityEstimator()
        // Fast early motion, then 120 ms standing still at x = 100.
        v.add(sample(0, 0, 0))
        v.add(sample(10, 100, 0))
        v.add(sample(70, 100, 0))
        v.add(sample(130, 100, 0))
        #expect(v.velocity(at: ms(130), window: .milliseconds(100)).millimetres == .zero)
        // The window edge is inclusive: at 100 ms the sample at 0 counts, just after it does not.
        #expect(v.velocity(at: ms(100), window: .milliseconds(100)).millimetres.x > 0)
        #expect(v.velocity(at: ms(100.001), window: .milliseconds(100)).millimetres == .zero)
    }

    /// Seeded jitter: frames 2–14 ms apart, each stamped up to ±1.5 ms off
    /// the time its position was sampled at, and ±0.05 mm of position noise.
    @Test(arguments: [UInt64(1), 2, 3, 42, 2026])
    func leastSquaresIsRobustToJitteredTimestamps(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var v = VelocityEstimator()
        let speed = Point(x: 180, y: -60) // mm/s
        var t = 0.0
        var lastTwo: [(Double, Point)] = []
        while t < 400 {
            let p = speed * (t / 1000)
            let stamp = t + rng.next(in: -1.5...1.5)
            let noisy = p + Point(x: rng.next(in: -0.05...0.05), y: rng.next(in: -0.05...0.05))
            v.add(sample(max(stamp, lastTwo.last?.0 ?? 0), noisy.x, noisy.y))
            lastTwo.append((max(stamp, lastTwo.last?.0 ?? 0), noisy))
            if lastTwo.count > 2 { lastTwo.removeFirst() }
            t += rng.next(in: 2...14)
        }
        let now = ms(lastTwo[1].0)
        let estimate = v.velocity(at: now, window: .milliseconds(100)).millimetres
        #expect(estimate.isClose(to: speed, tolerance: speed.length * 0.1), "seed \(seed): \(estimate)")
        #expect(v.velocity(at: now, window: .milliseconds(100)).points.isClose(to: estimate * 4, tolerance: 1e-6))
    }

    @Test func ringKeepsTheNewestSamples() {
        var v = VelocityEstimator()
        for i in 0..<200 { v.add(sample(Double(i) * 2, Double(i) * 0.2, 0)) } // 100 mm/s
        let estimate = v.velocity(at: ms(398), window: .milliseconds(100)).millimetres
        #expect(estimate.isClose(to: Point(x: 100, y: 0), tolerance: 1e-6))
    }
}

