import GripperGeometry
@_spi(Benchmarks) import GripperGestures
import GripperInput
import Testing

@Suite struct PanSwipeTests {
    @Test func panReportsTranslationFromTouchDownAndVelocity() {
        var s = Script()
        // 100 mm/s to the right: 1 mm every 10 ms.
        s.stroke(from: 10, 10, to: 40, 10, at: 0, duration: 300, steps: 30)
        let pans = run(s).filter { $0.kind == .pan }
        #expect(pans.first?.state == .began)
        #expect(pans.first?.axis == .horizontal)
        #expect(pans.first?.motion?.translationMillimetres == Point(x: 2, y: 0)) // first frame past the 1.27 mm slop
        #expect(pans.dropFirst().dropLast().allSatisfy { $0.state == .changed })
        let ended = pans.last
        #expect(ended?.state == .ended)
        #expect(ended?.motion?.translation == Point(x: 120, y: 0))
        #expect(ended?.motion?.velocityMillimetres.isClose(to: Point(x: 100, y: 0), tolerance: 1e-6) == true)
        #expect(ended?.motion?.velocity.isClose(to: Point(x: 400, y: 0), tolerance: 1e-6) == true)
        #expect(pans.allSatisfy { $0.axis == .horizontal && $0.contactID == 1 })
    }

    @Test func panAxisBoundary() {
        for (dx, dy, axis) in [(2.0, 2.0, PanAxis.vertical), (2.000001, 2.0, .horizontal), (-2.0, 1.0, .horizontal), (0.5, -3.0, .vertical)] {
            var s = Script()
            s.down(10, 10, at: 0)
            s.move(10 + dx, 10 + dy, at: 20)
            s.up(at: 2000)
            let began = run(s).first { $0.kind == .pan && $0.state == .began }
            #expect(began?.axis == axis, "moved (\(dx), \(dy))")
        }
    }

    @Test func swipeDirections() {
        let cases: [(Double, Double, SwipeDirection)] = [(30, 0, .right), (-30, 0, .left), (0, -30, .up), (0, 30, .down)]
        for (dx, dy, direction) in cases {
            var s = Script()
            s.stroke(from: 50, 50, to: 50 + dx, 50 + dy, at: 0, duration: 200)
            let swipes = run(s).filter { $0.kind == .swipe }
            #expect(swipes.map(\.direction) == [direction])
            #expect(swipes.first?.state == .recognized)
            #expect(swipes.first?.motion?.translationMillimetres == Point(x: dx, y: dy))
        }
    }

    @Test func swipeDistanceBoundary() {
        let minimum = GestureConfiguration.default.swipeMinimumDistanceMillimetres
        for (distance, swipes) in [(minimum - 1e-6, 0), (minimum, 1)] {
            var s = Script()
            s.stroke(from: 10, 10, to: 10 + distance, 10, at: 0, duration: 50)
            #expect(run(s).filter { $0.kind == .swipe }.count == swipes, "\(distance) mm")
        }
    }

    @Test func swipeSpeedBoundary() {
        // 20 mm at the minimum 50 mm/s takes 400 ms from touch-down to lift.
        for (duration, swipes) in [(400.0, 1), (400.001, 0)] {
            var s = Script()
            s.stroke(from: 10, 10, to: 30, 10, at: 0, duration: 100, steps: 5, lift: duration - 100)
            #expect(run(s).filter { $0.kind == .swipe }.count == swipes, "\(duration) ms")
        }
    }

    @Test func swipeAngleBoundary() {
        let tan30 = 0.5773502691896257
        for (across, swipes) in [(20 * tan30 - 1e-6, 1), (20 * tan30 + 1e-6, 0)] {
            var s = Script()
            s.stroke(from: 10, 10, to: 30, 10 + across, at: 0, duration: 100)
            #expect(run(s).filter { $0.kind == .swipe }.count == swipes, "off-axis \(across) mm")
        }
    }

    @Test func slowDragThereAndBackIsAPanAndNoSwipe() {
        var s = Script()
        s.stroke(from: 10, 10, to: 10, 60, at: 0, duration: 1000, steps: 50, lift: nil)
        for i in 1...50 { s.move(10, 60 - Double(i), at: 1000 + Double(i) * 20) }
        s.up(at: 2100)
        let events = run(s)
        #expect(summary(events).first == "pan.began")
        #expect(summary(events).last == "pan.ended")
        #expect(!events.contains { $0.kind == .swipe || $0.kind == .tap || $0.kind == .longPress })
        #expect(events.first { $0.kind == .pan }?.axis == .vertical)
    }

    @Test func velocityIsZeroAfterTheContactStoodStill() {
        var s = Script()
        s.stroke(from: 10, 10, to: 40, 10, at: 0, duration: 100, lift: nil)
        s.up(at: 300) // 200 ms still before the lift
        let ended = run(s).first { $0.kind == .pan && $0.state == .ended }
        #expect(ended?.motion?.velocity == .zero)
        // The average speed (30 mm in 300 ms) still makes it a swipe.
        #expect(run(s).contains { $0.kind == .swipe })
    }
}
