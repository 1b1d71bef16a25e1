import Foundation
import Testing
import Gripper
import GripperPictures
import GripperReplay
import GripperScene
import GripperTesting

/// The HTML timeline in a real browser (headless Chromium, where it is
/// installed: `scripts/browser-check` installs it): stepping forward into a
/// picture the engine's transitions animate slides the cells that moved,
/// and leaves the proxy (which the finger moves) still. What the page's
/// script finds in the SVG — the content group, the classes it skips —
/// is what `SnapshotRenderer` writes.
@Suite struct TimelineBrowserTests {
    static let chromium = "/usr/bin/chromium"
    static var hasChromium: Bool { FileManager.default.isExecutableFile(atPath: chromium) }

    /// What the page shows 60 ms (virtual time) after stepping from picture
    /// `from` to the next: how many of the content group's children carry a
    /// transform, how many of those are the proxy's or the ghost's, and the
    /// picture's caption.
    private func probe(_ page: String, from: Int) throws -> (moved: Int, still: Int, caption: String) {
        let script = """
        <script>
        window.addEventListener('load',function(){setTimeout(function(){document.getElementById('next').click();
          setTimeout(function(){var on=document.querySelector('.frame.on');
            var moved=on.querySelectorAll('svg > g > g > [transform]');var still=0;
            for(var k=0;k<moved.length;k++){var c=moved[k].getAttribute('class')||'';
              if(c.indexOf('proxy')>=0||c.indexOf('ghost')>=0){still++;}}
            var p=document.createElement('pre');p.id='probe';
            p.textContent='moved='+moved.length+';still='+still+';caption='+on.getAttribute('data-caption');
            document.body.appendChild(p);},60);},100);});
        </script></body>
        """
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("page.html")
        try page.replacingOccurrences(of: "</body>", with: script).write(to: file, atomically: true, encoding: .utf8)
        // Bounded like every external process of the tests: a browser that
        // hangs is killed at the timeout and the test fails with what it printed.
        let run = try ChildProcess.run(URL(fileURLWithPath: Self.chromium),
                                       ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(dir.path)/profile",
                                        "--virtual-time-budget=3000", "--dump-dom", file.absoluteString + "#\(from)"],
                                       timeout: 90)
        try #require(!run.timedOut, "chromium did not finish within 90 s")
        let dom = run.stdout
        let start = try #require(dom.range(of: "<pre id=\"probe\">moved="), "no probe in the page: \(dom.prefix(300))")
        let text = dom[start.upperBound...].prefix { $0 != "<" }
        let parts = text.split(separator: ";", maxSplits: 2)
        try #require(parts.count == 3)
        return (Int(parts[0]) ?? -1, Int(parts[1].dropFirst("still=".count)) ?? -1, String(parts[2].dropFirst("caption=".count)))
    }

    @Test(.enabled(if: hasChromium, "needs Debian's chromium"))
    func steppingIntoAGapMoveSlidesTheCellsAndNotTheProxy() throws {
        let folder = try ScenarioFolder("multi-drag-across-sections")
        let driver = try EngineDriver(scene: folder.scene, device: folder.trace.device, recordingTranscript: true,
                                      makingTransitions: true)
        var frames: [TimelinePage.Frame] = []
        let engine = Replay.run(driver, frames: folder.trace.frames, labels: folder.scene.pictureLabels) { frames.append($0) }
        let page = TimelinePage.html(title: "t", frames: frames, transcript: engine.transcript)
        let gap = try #require(frames.firstIndex { $0.caption.hasPrefix("gapMoved") && !$0.transitions.isEmpty })
        let stepped = try probe(page, from: gap - 1)
        #expect(stepped.caption.hasSuffix(frames[gap].caption))
        #expect(stepped.moved >= 2 && stepped.still == 0, "\(stepped)")
    }
}
