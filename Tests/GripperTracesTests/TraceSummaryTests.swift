import Testing
import GripperGeometry
import GripperInput
import GripperScripting
import GripperTesting
import GripperTraces

@Suite struct TraceSummaryTests {
    typealias T = TrackerTest

    @Test func summarisesContactsTimesAndPaths() throws {
        let frames = [
            T.frame(1000, [T.tid(1), T.mtx(0), T.mty(0)]),
            T.frame(1010, [T.mtx(48)]),                       // 3 mm right
            T.frame(1020, [T.mty(64), T.slot(1), T.tid(2), T.mtx(160), T.mty(160)]), // 4 mm down; second finger
            T.frame(1030, [T.slot(0), T.tid(-1)]),
            T.frame(1500, []),
        ]
        let s = TraceSummary(device: TestDevices.probeTouchscreen, frames: frames)
        #expect(s.deviceName == "Probe Touchscreen")
        #expect(s.deviceKind == .touchscreen)
        #expect(s.sizeMillimetres == Size(width: 4095 / 16, height: 4095 / 16))
        #expect(s.hasPhysicalSize)
        #expect(s.frameCount == 5)
        #expect(s.eventCount == 3 + 1 + 5 + 2 + 0 + 5)
        #expect(Swift.abs(s.durationSeconds - 0.5) < 1e-12)
        #expect(s.contactCount == 2)
        #expect(s.maxConcurrentContacts == 2)
        let first = s.contacts[0]
        #expect(first.outcome == .ended)
        #expect(first.startSeconds == 0)
        #expect(Swift.abs(first.endSeconds - 0.03) < 1e-12)
        #expect(first.startMillimetres == .zero)
        #expect(first.endMillimetres == Point(x: 3, y: 4))
        #expect(Swift.abs(first.pathLengthMillimetres - 7) < 1e-12)
        // The second finger is still down at the end: cancelled at the last frame.
        let second = s.contacts[1]
        #expect(second.outcome == .cancelled)
        #expect(Swift.abs(second.durationSeconds - 0.48) < 1e-12)
        #expect(second.pathLengthMillimetres == 0)
    }

    @Test func anEmptyTraceSummarisesToNothing() {
        let s = TraceSummary(device: TestDevices.probeMouse, frames: [])
        #expect(s.frameCount == 0)
        #expect(s.eventCount == 0)
        #expect(s.durationSeconds == 0)
        #expect(s.contactCount == 0)
        #expect(s.maxConcurrentContacts == 0)
        #expect(s.sizeMillimetres == nil)
        #expect(s.deviceKind == .mouse)
    }

    @Test func aTraceWithoutItsLastSynReportCountsItsEventsExactly() throws {
        let t = EventTime.milliseconds(5)
        let events = [
            RawEvent(time: .zero, type: EventType.abs, code: AbsCode.mtTrackingID, value: 1),
            RawEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0),
            RawEvent(time: t, type: EventType.abs, code: AbsCode.mtPositionX, value: 20),
        ]
        let trace = Trace(device: TestDevices.probeTouchscreen, events: events)
        #expect(trace.frames.count == 2)
        let s = TraceSummary(trace: trace)
        #expect(s.eventCount == 3)
        #expect(s.frameCount == 2)
        #expect(s.contactCount == 1)
        #expect(s.contacts[0].outcome == .cancelled)
        #expect(TraceSummary(device: trace.device, frames: trace.frames).eventCount == 4)
    }
}
