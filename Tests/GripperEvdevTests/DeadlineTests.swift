import Foundation
import GripperScripting
import GripperTesting
import Testing

/// Deadlines on an idle emulated device: both sides of the deadline.
@Suite struct DeadlineTests {
    @Test func deadlinesAreReachedNeverEarlyAndPassedOnesAtOnce() throws {
        let dir = try Emulation.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = try Recordings.evemu("real/ts_atmel-maxtouch_1-finger-fast-taps.evemu")
        let device = try Emulation.write(UmockdevFixture(device: trace.device), script: nil, name: "dev", in: dir)
        let out = try Emulation.umockdevRun([device], [Emulation.harness, "deadlines", device.node], timeout: 30)
        #expect(!out.timedOut)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.lines.map(String.init) == [
            "wait -1000 ms: deadline not-early",
            "wait 0 ms: deadline not-early",
            "wait 1 ms: deadline not-early",
            "wait 2 ms: deadline not-early",
            "wait 5 ms: deadline not-early",
            "wait 20 ms: deadline not-early",
            "end",
        ])
    }
}
