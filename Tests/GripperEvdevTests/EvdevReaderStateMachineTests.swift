@testable import GripperEvdev
import GripperInput
import Testing

/// The reader's state machine without a device.
@Suite struct EvdevReaderStateMachineTests {
    static func ev(_ us: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) -> RawEvent {
        RawEvent(time: EventTime(microseconds: us), type: type, code: code, value: value)
    }
    static func report(_ us: Int64) -> RawEvent { ev(us, EventType.syn, SynCode.report, 0) }

    @Test func framesEndAtSynReportWithItsTime() {
        var m = EvdevReaderStateMachine()
        let x = Self.ev(10, EventType.abs, AbsCode.x, 5)
        let y = Self.ev(11, EventType.abs, AbsCode.y, 6)
        #expect(m.eventRead(x) == .none)
        #expect(m.eventRead(y) == .none)
        #expect(m.eventRead(Self.report(12)) == .emit(EventFrame(time: EventTime(microseconds: 12), events: [x, y])))
        // An empty frame is still a frame.
        #expect(m.eventRead(Self.report(20)) == .emit(EventFrame(time: EventTime(microseconds: 20), events: [])))
        // SYN_MT_REPORT belongs to the frame (protocol A).
        let mt = Self.ev(21, EventType.syn, SynCode.mtReport, 0)
        #expect(m.eventRead(mt) == .none)
        #expect(m.eventRead(Self.report(22)) == .emit(EventFrame(time: EventTime(microseconds: 22), events: [mt])))
    }

    @Test func dropDiscardsThePartialFrameAndEmitsOneResyncFrame() {
        var m = EvdevReaderStateMachine()
        _ = m.eventRead(Self.ev(10, EventType.abs, AbsCode.mtPositionX, 100))
        #expect(m.syncDropped(at: EventTime(microseconds: 15)) == .readSyncEvents)
        #expect(m.state == .syncing(droppedAt: EventTime(microseconds: 15), events: [], lastReport: nil))
        // In sync mode normal events make no sense.
        #expect(m.eventRead(Self.ev(16, EventType.abs, AbsCode.x, 1)) == .ignored)
        let slot = Self.ev(20, EventType.abs, AbsCode.mtSlot, 0)
        let id = Self.ev(20, EventType.abs, AbsCode.mtTrackingID, -1)
        #expect(m.syncEventRead(slot) == .none)
        #expect(m.syncEventRead(id) == .none)
        #expect(m.syncEventRead(Self.report(21)) == .none)
        #expect(m.syncFinished() == .emit(EventFrame(time: EventTime(microseconds: 21), events: [slot, id], isResync: true)))
        // Back to normal: the pending events from before the drop are gone.
        #expect(m.eventRead(Self.report(30)) == .emit(EventFrame(time: EventTime(microseconds: 30), events: [])))
    }

    @Test func aResyncWithoutChangesIsAnEmptyResyncFrameAtTheDropTime() {
        var m = EvdevReaderStateMachine()
        _ = m.syncDropped(at: EventTime(microseconds: 7))
        #expect(m.syncFinished() == .emit(EventFrame(time: EventTime(microseconds: 7), events: [], isResync: true)))
        #expect(m.syncFinished() == .ignored)
    }

    @Test func deviceLossIsReportedOnceAndEndsTheReader() {
        var m = EvdevReaderStateMachine()
        _ = m.eventRead(Self.ev(1, EventType.key, KeyCode.btnTouch, 1))
        #expect(!m.isFinished)
        #expect(m.deviceGone() == .reportLostAndRelease)
        #expect(m.isFinished)
        #expect(m.deviceGone() == .ignored)
        #expect(m.eventRead(Self.report(2)) == .ignored)
        #expect(m.syncDropped(at: .zero) == .ignored)
        #expect(m.closeRequested() == .none)
        #expect(m.state == .closed)
    }

    @Test func lossDuringAResyncEndsTheReaderToo() {
        var m = EvdevReaderStateMachine()
        _ = m.syncDropped(at: .zero)
        #expect(m.deviceGone() == .reportLostAndRelease)
        #expect(m.syncFinished() == .ignored)
    }

    @Test func closingReleasesOnce() {
        var m = EvdevReaderStateMachine()
        #expect(m.closeRequested() == .release)
        #expect(m.isFinished)
        #expect(m.closeRequested() == .none)
        #expect(m.deviceGone() == .ignored)
        var syncing = EvdevReaderStateMachine()
        _ = syncing.syncDropped(at: .zero)
        #expect(syncing.closeRequested() == .release)
    }
}
