import Gripper
import GripperLayout
import GripperPictures
import GripperWindow
import Testing

extension WindowRendererTests {
@Suite struct PlaybackTests {
    /// The first transition that moves an element, from the drag scenario.
    func gapTransition() throws -> EngineTransition {
        var run = try OffscreenRun("drag-into-another-section")
        var found: EngineTransition?
        var time: Int64 = 0
        while found == nil, !run.player.isFinished {
            found = run.player.advance(to: time).first { t in
                t.layout.moving.contains { !$0.final.kind.isDecoration && $0.initial.frame != $0.final.frame }
            }
            time += 10_000
        }
        return try #require(found)
    }

    @Test func transitionsInterpolateAndEndOnTime() throws {
        let t = try gapTransition()
        let change = try #require(t.layout.moving.first { !$0.final.kind.isDecoration && $0.initial.frame != $0.final.frame })
        var player = TransitionPlayer()
        player.add([t])
        let start = t.time.microseconds
        let length = Int64(t.duration.components.seconds * 1_000_000 + t.duration.components.attoseconds / 1_000_000_000_000)
        #expect(length > 0)
        // Before it starts nothing moves; at its start the element is where it was.
        #expect(player.frame(at: start - 1).motion.isEmpty)
        let first = try #require(player.frame(at: start).motion[change.final.id])
        #expect(first.dy == change.initial.frame.minY - change.final.frame.minY)
        #expect(first.dx == change.initial.frame.minX - change.final.frame.minX)
        // Halfway by its curve.
        let half = try #require(player.frame(at: start + length / 2).motion[change.final.id])
        let p = t.curve.value(at: Double(length / 2) / Double(length))
        #expect(abs(half.dy - (change.initial.frame.minY - change.final.frame.minY) * (1 - p)) < 1e-9)
        // One microsecond before the end still moving; at the end, done.
        #expect(player.isAnimating(at: start + length - 1))
        #expect(player.frame(at: start + length - 1).motion[change.final.id] != nil)
        #expect(!player.isAnimating(at: start + length))
        #expect(player.frame(at: start + length).motion.isEmpty)
        player.prune(at: start + length)
        #expect(!player.isAnimating(at: start))
    }

    @Test func thePlayerKeepsBoundedMemory() throws {
        let t = try gapTransition()
        var player = TransitionPlayer()
        for _ in 0..<(TransitionPlayer.capacity * 3) { player.add([t]) }
        // Each copy adds its displacement; only `capacity` are kept.
        let change = try #require(t.layout.moving.first { !$0.final.kind.isDecoration && $0.initial.frame != $0.final.frame })
        let one = change.initial.frame.minY - change.final.frame.minY
        let m = try #require(player.frame(at: t.time.microseconds).motion[change.final.id])
        #expect(abs(m.dy - one * Double(TransitionPlayer.capacity)) < 1e-6)
    }

    /// A horizontal (and a right-to-left horizontal) layout animates: when a
    /// transition starts, each element it moves is drawn where the engine
    /// had it just before, on the screen (transposed, mirrored), not where
    /// it lands.
    @Test(arguments: ["horizontal", "horizontal rightToLeft"])
    func turnedLayoutsAnimateFromWhereElementsWere(_ orientation: String) throws {
        var run = try OffscreenRun("horizontal-drag", orientation: orientation)
        var checked = 0, before: EngineSnapshot?
        var time: Int64 = 0
        while !run.player.isFinished {
            let transitions = run.player.advance(to: time).filter { t in
                t.layout.moving.contains { !$0.final.kind.isDecoration && $0.initial.frame != $0.final.frame }
            }
            let after = run.player.engine.snapshot(labels: run.painter.labels)
            #expect(after.orientation.description == orientation)
            if transitions.count == 1, let t = transitions.first, let before, before.origin == after.origin {
                var player = TransitionPlayer()
                player.add([t])
                let motion = player.frame(at: t.time.microseconds, for: after).motion
                let was = Dictionary(before.attributes.map { ($0.id, $0.frame) }, uniquingKeysWith: { a, _ in a })
                for a in after.attributes where a.kind == .cell {
                    guard let m = motion[a.id], let old = was[a.id] else { continue }
                    // Drawn at the start: the landing frame displaced back by the motion.
                    let drawn = Rect(x: a.frame.minX + m.dx, y: a.frame.minY + m.dy,
                                     width: a.frame.width + m.dw, height: a.frame.height + m.dh)
                    #expect(abs(drawn.minX - old.minX) < 1e-6 && abs(drawn.minY - old.minY) < 1e-6,
                            "\(a.id) drawn at \(drawn), was at \(old)")
                    if old != a.frame { checked += 1 }
                }
            }
            before = after
            time += 5_000
        }
        // The drag moved cells on the screen, and each was animated from its place.
        #expect(checked > 0)
    }

    @Test func playbackClockPausesStepsAndHalves() {
        var clock = PlaybackClock(wall: 1_000)
        #expect(clock.media(at: 1_000) == 0)
        #expect(clock.media(at: 501_000) == 500_000)
        clock.togglePause(at: 501_000)
        #expect(clock.media(at: 9_000_000) == 500_000)
        clock.step(to: 600_000, at: 9_000_000)
        #expect(clock.isPaused)
        #expect(clock.media(at: 9_500_000) == 600_000)
        clock.togglePause(at: 10_000_000)
        clock.toggleHalfSpeed(at: 10_000_000)
        #expect(clock.media(at: 10_999_999) == 600_000 + 499_999)
        #expect(clock.media(at: 11_000_000) == 1_100_000)
        // A step back does not rewind.
        clock.step(to: 0, at: 11_000_000)
        #expect(clock.media(at: 12_000_000) == 1_100_000)
        // The edges of Int64 saturate.
        let far = PlaybackClock(wall: .min)
        #expect(far.media(at: .max) == .max)
        #expect(PlaybackClock(wall: 0, media: .max - 1).media(at: 10) == .max)
        #expect(PlaybackClock(wall: 10).media(at: 0) == 0)
    }

    @Test func frameStatisticsQuantiles() {
        var stats = FrameStatistics()
        #expect(stats.percentile(0.99) == 0)
        for k in 1...100 { stats.recordDrawn(micros: Int64(k) * 100) }
        stats.recordDrawn(micros: 500_000) // past the histogram
        stats.recordDropped(3)
        #expect(stats.drawn == 101)
        #expect(stats.dropped == 3)
        #expect(stats.percentile(0.5) == 5_110) // the upper edge of 5.1 ms's 10 µs bucket
        #expect(stats.percentile(0.99) == 10_010)
        #expect(stats.percentile(1) == 500_000)
        #expect(stats.longest == 500_000)
        stats.recordDrawn(micros: .min)
        #expect(stats.summary.hasPrefix("frames: 102 drawn, 3 dropped; draw time median"))
    }

    @Test func pngRoundTrips() throws {
        var rgb: [UInt8] = []
        for y in 0..<7 { for x in 0..<5 { rgb += [UInt8(x * 40), UInt8(y * 30), UInt8((x ^ y) * 20)] } }
        let png = PNGEncoder.encode(rgb: rgb, width: 5, height: 7)
        let image = try PNGImage(png)
        #expect(image.width == 5 && image.height == 7)
        #expect(image.rgb == rgb)
        #expect(PNGEncoder.encode(rgb: rgb, width: 5, height: 7) == png)
    }
}
}
