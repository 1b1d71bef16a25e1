import Testing
import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperScripting
import GripperTesting

/// Scripted event frames through the tracker, protocol by protocol.
@Suite struct ContactTrackerTests {
    typealias T = TrackerTest
    let screen = TestDevices.probeTouchscreen

    // MARK: Protocol B

    @Test func protocolBTwoFingersKeepTheirIdsAndPhases() {
        var tracker = ContactTracker(device: screen)
        // Slot 1 goes down first, so it gets the lower id; output is by id.
        let f1 = tracker.process(T.frame(0, [T.slot(1), T.tid(40), T.mtx(100), T.mty(200)]))
        #expect(T.phases(f1) == ["1:began"])
        let f2 = tracker.process(T.frame(10, [T.slot(0), T.tid(41), T.mtx(300), T.mty(400), T.slot(1), T.mtx(110)]))
        #expect(T.phases(f2) == ["1:moved", "2:began"])
        #expect(f2.contacts[0].position == Point(x: 110, y: 200))
        #expect(f2.contacts[1].position == Point(x: 300, y: 400))
        let f3 = tracker.process(T.frame(20, [T.slot(0), T.mty(410)]))
        #expect(T.phases(f3) == ["1:stationary", "2:moved"])
        let f4 = tracker.process(T.frame(30, [T.slot(1), T.tid(-1)]))
        #expect(T.phases(f4) == ["1:ended", "2:stationary"])
        #expect(f4.contacts[0].position == Point(x: 110, y: 200))
        let f5 = tracker.process(T.frame(40, [T.slot(0), T.tid(-1)]))
        #expect(T.phases(f5) == ["2:ended"])
        let f6 = tracker.process(T.frame(50, []))
        #expect(f6.contacts.isEmpty)
        #expect(tracker.contactsDown == 0)
        #expect(tracker.finish() == nil)
    }

    /// The per-frame passes visit only the slots written so far: a finger
    /// in the last slot after one in the first is tracked, reported and
    /// counted, and lifting it leaves nothing behind.
    @Test func aFingerInTheLastSlotAfterTheFirstIsTrackedAndCounted() {
        var tracker = ContactTracker(device: screen) // slots 0 ... 9
        #expect(T.phases(tracker.process(T.frame(0, [T.tid(1), T.mtx(10), T.mty(20)]))) == ["1:began"])
        let f2 = tracker.process(T.frame(10, [T.slot(9), T.tid(2), T.mtx(300), T.mty(400)]))
        #expect(T.phases(f2) == ["1:stationary", "2:began"])
        #expect(tracker.contactsDown == 2)
        let f3 = tracker.process(T.frame(20, [T.slot(9), T.mtx(310)]))
        #expect(T.phases(f3) == ["1:stationary", "2:moved"])
        #expect(f3.contacts[1].position == Point(x: 310, y: 400))
        // Slot 5, between them, was never written: nothing of it shows.
        let f4 = tracker.process(T.frame(30, [T.slot(9), T.tid(-1), T.slot(0), T.tid(-1)]))
        #expect(T.phases(f4) == ["1:ended", "2:ended"])
        #expect(tracker.contactsDown == 0)
        #expect(tracker.process(T.frame(40, [])).contacts.isEmpty)
    }

    @Test func millimetresUseTheResolution() {
        var tracker = ContactTracker(device: screen) // 16 units/mm
        let f = tracker.process(T.frame(0, [T.tid(1), T.mtx(160), T.mty(3200)]))
        #expect(f.contacts[0].millimetres == Point(x: 10, y: 200))
        #expect(f.contacts[0].location == f.contacts[0].millimetres)
        #expect(!f.isPointer)
        #expect(f.pointerMotion == .zero)
    }

    @Test func millimetresFallBackWhenResolutionIsZero() {
        var device = screen
        for code in [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY] {
            device.absInfo[code]?.resolution = 0
        }
        var tracker = ContactTracker(device: device)
        let f = tracker.process(T.frame(0, [T.tid(1), T.mtx(4095), T.mty(4095)]))
        // A touchscreen's longest side is taken as 250 mm.
        #expect(Swift.abs(f.contacts[0].millimetres.x - 250) < 1e-9)
        #expect(Swift.abs(f.contacts[0].millimetres.y - 250) < 1e-9)
    }

    @Test func eventsBeforeAnySlotGoToSlotZero() {
        var tracker = ContactTracker(device: screen)
        _ = tracker.process(T.frame(0, [T.tid(5), T.mtx(10), T.mty(20)]))
        // Explicitly addressing slot 0 moves the same contact.
        let f = tracker.process(T.frame(10, [T.slot(0), T.mtx(15)]))
        #expect(T.phases(f) == ["1:moved"])
        #expect(f.contacts[0].position == Point(x: 15, y: 20))
    }

    @Test func aNewTouchWithoutPositionTakesTheSlotsLast() {
        var tracker = ContactTracker(device: screen)
        _ = tracker.process(T.frame(0, [T.tid(3), T.mtx(340), T.mty(242)]))
        _ = tracker.process(T.frame(95, [T.tid(-1)]))
        let f = tracker.process(T.frame(230, [T.tid(4)]))
        #expect(T.phases(f) == ["2:began"])
        #expect(f.contacts[0].position == Point(x: 340, y: 242))
    }

    @Test func idsAreNeverReusedEvenWhenTheDeviceReusesTrackingIDs() {
        var tracker = ContactTracker(device: screen)
        var ids: [Int] = []
        for n in 0..<5 {
            let t = Int64(n) * 100
            ids += tracker.process(T.frame(t, [T.tid(7), T.mtx(Int32(n)), T.mty(1)])).contacts.map(\.id)
            _ = tracker.process(T.frame(t + 50, [T.tid(-1)]))
        }
        #expect(ids == [1, 2, 3, 4, 5])
    }

    @Test func aChangedTrackingIDEndsTheOldTouchAndBeginsANewOne() {
        var tracker = ContactTracker(device: screen)
        _ = tracker.process(T.frame(0, [T.tid(1), T.mtx(10), T.mty(10)]))
        let f = tracker.process(T.frame(10, [T.tid(2), T.mtx(50)]))
        #expect(T.phases(f) == ["1:ended", "2:began"])
        #expect(f.contacts[0].position == Point(x: 10, y: 10))
        #expect(f.contacts[1].position == Point(x: 50, y: 10))
    }

    @Test func aTouchThatBeginsAndEndsInOneFrameIsNotReported() {
        var tracker = ContactTracker(device: screen)
        let f = tracker.process(T.frame(0, [T.tid(1), T.mtx(10), T.mty(10), T.tid(-1)]))
        #expect(f.contacts.isEmpty)
        let g = tracker.process(T.frame(10, [T.tid(2)]))
        #expect(T.phases(g) == ["2:began"])
    }

    @Test func aSlotOutOfRangeIsIgnored() {
        var tracker = ContactTracker(device: screen) // slots 0…9
        let f = tracker.process(T.frame(0, [T.slot(99), T.tid(1), T.mtx(5), T.slot(-3), T.mty(5), T.slot(9), T.tid(2)]))
        #expect(T.phases(f) == ["1:began"])
    }

    // MARK: Starting and ending mid-touch

    @Test func aRecordingThatStartsMidTouchAdoptsTheTouch() {
        var tracker = ContactTracker(device: screen)
        // Slot 0 moves with no tracking id seen: a touch already down.
        let f1 = tracker.process(T.frame(0, [T.mtx(500), T.mty(600)]))
        #expect(T.phases(f1) == ["1:began"])
        let f2 = tracker.process(T.frame(10, [T.mtx(510)]))
        #expect(T.phases(f2) == ["1:moved"])
        let f3 = tracker.process(T.frame(20, [T.tid(-1)]))
        #expect(T.phases(f3) == ["1:ended"])
        // Once a slot is known to be empty, a position update alone is not a touch.
        let f4 = tracker.process(T.frame(30, [T.mtx(520)]))
        #expect(f4.contacts.isEmpty)
    }

    @Test func aLiftOfATouchNeverSeenReportsNothing() {
        var tracker = ContactTracker(device: screen)
        let f = tracker.process(T.frame(0, [T.slot(2), T.tid(-1)]))
        #expect(f.contacts.isEmpty)
        #expect(tracker.contactsDown == 0)
    }

    @Test func finishCancelsWhatIsStillDown() throws {
        var tracker = ContactTracker(device: screen)
        _ = tracker.process(T.frame(0, [T.tid(1), T.mtx(10), T.mty(10), T.slot(1), T.tid(2), T.mtx(90), T.mty(90)]))
        _ = tracker.process(T.frame(10, [T.slot(0), T.tid(-1)]))
        let finished = tracker.finish()
        let end = try #require(finished)
        #expect(T.phases(end) == ["2:cancelled"])
        #expect(end.time == .milliseconds(10))
        #expect(tracker.contactsDown == 0)
        #expect(tracker.finish() == nil)
    }

    // MARK: SYN_DROPPED and resynchronisation

    @Test func synDroppedDiscardsItsFrameAndARawStreamCancels() {
        var tracker = ContactTracker(device: screen)
        _ = tracker.process(T.frame(0, [T.tid(1), T.mtx(10), T.mty(10)]))
        // Everything in the dropped frame, before and after SYN_DROPPED, is ignored.
        let dropped = tracker.process(T.frame(10, [T.mtx(900), T.dropped, T.tid(-1)]))
        #expect(T.phases(dropped) == ["1:stationary"])
        #expect(dropped.contacts[0].position == Point(x: 10, y: 10))
        // The next frame is not a resync: the contact's fate is unknown, so
        // it is cancelled; the finger still reporting positions is adopted
        // as a new contact.
        let after = tracker.process(T.frame(20, [T.mtx(30)]))
        #expect(T.phases(after) == ["1:cancelled", "2:began"])
        #expect(after.contacts[1].position == Point(x: 30, y: 10))
    }

    @Test func aResyncFrameKeepsContinuingTouchesAndCancelsVanishedOnes() {
        var tracker = ContactTracker(device: screen)
        _ = tracker.process(T.frame(0, [T.tid(1), T.mtx(10), T.mty(10), T.slot(1), T.tid(2), T.mtx(80), T.mty(80),
                                        T.slot(2), T.tid(3), T.mtx(50), T.mty(50)]))
        _ = tracker.process(T.frame(10, [T.dropped]))
        // libevdev's sync: slot 0 unchanged id (moved), slot 1 gone, slot 2 a new touch.
        let sync = tracker.process(T.frame(20, [T.slot(0), T.mtx(12), T.slot(1), T.tid(-1), T.slot(2), T.tid(9), T.mtx(55)],
                                         resync: true))
        #expect(T.phases(sync) == ["1:moved", "2:cancelled", "3:cancelled", "4:began"])
        let next = tracker.process(T.frame(30, [T.slot(2), T.tid(-1)]))
        #expect(T.phases(next) == ["1:stationary", "4:ended"])
    }

    @Test func aResyncFrameWithoutSynDroppedCancelsToo() {
        // The live shell may consume SYN_DROPPED itself and hand over only
        // the resync frame.
        var tracker = ContactTracker(device: screen)
        _ = tracker.process(T.frame(0, [T.tid(1), T.mtx(10), T.mty(10)]))
        let sync = tracker.process(T.frame(10, [T.tid(-1)], resync: true))
        #expect(T.phases(sync) == ["1:cancelled"])
        let normal = tracker.process(T.frame(20, [T.tid(2)]))
        _ = normal
        let lift = tracker.process(T.frame(30, [T.tid(-1)]))
        #expect(T.phases(lift) == ["2:ended"])
    }

    @Test func synDroppedThenEndOfTraceCancels() throws {
        var tracker = ContactTracker(device: screen)
        _ = tracker.process(T.frame(0, [T.tid(1), T.mtx(10), T.mty(10)]))
        _ = tracker.process(T.frame(10, [T.dropped]))
        let finished = tracker.finish()
        let end = try #require(finished)
        #expect(T.phases(end) == ["1:cancelled"])
    }

    // MARK: Protocol A

    @Test func protocolAMatchesContactsByNearestPosition() throws {
        var tracker = ContactTracker(device: try T.ntrig())
        let touch = T.key(KeyCode.btnTouch, 1), tap2 = T.key(KeyCode.btnToolDoubleTap, 1)
        let f1 = tracker.process(T.frame(0, [T.mtx(1000), T.mty(1000), T.mtReport, T.mtx(5000), T.mty(5000), T.mtReport, tap2, touch]))
        #expect(T.phases(f1) == ["1:began", "2:began"])
        // Reported in the other order: matched by position, not by order.
        let f2 = tracker.process(T.frame(10, [T.mtx(5050), T.mty(5000), T.mtReport, T.mtx(1000), T.mty(1000), T.mtReport]))
        #expect(T.phases(f2) == ["1:stationary", "2:moved"])
        #expect(f2.contacts[1].position == Point(x: 5050, y: 5000))
        // The first finger lifts; the remaining one is still contact 2.
        let f3 = tracker.process(T.frame(20, [T.mtx(5100), T.mty(5000), T.mtReport]))
        #expect(T.phases(f3) == ["1:ended", "2:moved"])
        // A frame without multitouch data changes nothing.
        let f4 = tracker.process(T.frame(30, []))
        #expect(T.phases(f4) == ["2:stationary"])
        // A new finger far away is a new contact.
        let f5 = tracker.process(T.frame(40, [T.mtx(5100), T.mty(5000), T.mtReport, T.mtx(200), T.mty(7000), T.mtReport]))
        #expect(T.phases(f5) == ["2:stationary", "3:began"])
        // BTN_TOUCH up lifts everything.
        let f6 = tracker.process(T.frame(50, [T.key(KeyCode.btnToolDoubleTap, 0), T.key(KeyCode.btnTouch, 0)]))
        #expect(T.phases(f6) == ["2:ended", "3:ended"])
        #expect(tracker.contactsDown == 0)
    }

    @Test func protocolAEmptyReportMeansNoContacts() throws {
        var tracker = ContactTracker(device: try T.ntrig())
        _ = tracker.process(T.frame(0, [T.mtx(10), T.mty(10), T.mtReport]))
        let f = tracker.process(T.frame(10, [T.mtReport]))
        #expect(T.phases(f) == ["1:ended"])
    }

    @Test func protocolAFinishAndDropCancel() throws {
        var tracker = ContactTracker(device: try T.ntrig())
        _ = tracker.process(T.frame(0, [T.mtx(10), T.mty(10), T.mtReport]))
        _ = tracker.process(T.frame(10, [T.dropped]))
        let f = tracker.process(T.frame(20, [T.mtx(12), T.mty(10), T.mtReport]))
        #expect(T.phases(f) == ["1:cancelled", "2:began"])
        let finished = tracker.finish()
        let end = try #require(finished)
        #expect(T.phases(end) == ["2:cancelled"])
    }

    // MARK: Single touch and touchpads

    @Test func singleTouchUsesBtnTouchAndAbsXY() {
        var tracker = ContactTracker(device: T.singleTouchScreen)
        let f1 = tracker.process(T.frame(0, [T.key(KeyCode.btnTouch, 1), T.abs(AbsCode.x, 400), T.abs(AbsCode.y, 200)]))
        #expect(T.phases(f1) == ["1:began"])
        #expect(f1.contacts[0].millimetres == Point(x: 100, y: 50))
        let f2 = tracker.process(T.frame(10, [T.abs(AbsCode.x, 404)]))
        #expect(T.phases(f2) == ["1:moved"])
        let f3 = tracker.process(T.frame(20, [T.key(KeyCode.btnTouch, 0)]))
        #expect(T.phases(f3) == ["1:ended"])
        #expect(f3.contacts[0].position == Point(x: 404, y: 200))
        // Hover-free device: motion with the touch up is not a contact.
        let f4 = tracker.process(T.frame(30, [T.abs(AbsCode.x, 500)]))
        #expect(f4.contacts.isEmpty)
    }

    @Test func singleTouchStartingMidTouchIsAdopted() throws {
        var tracker = ContactTracker(device: T.singleTouchScreen)
        let f1 = tracker.process(T.frame(0, [T.abs(AbsCode.x, 400)]))
        #expect(T.phases(f1) == ["1:began"])
        let finished = tracker.finish()
        let end = try #require(finished)
        #expect(T.phases(end) == ["1:cancelled"])
    }

    @Test func aSingleTouchTouchpadUsesTheFingerToolAndDrivesAPointer() {
        var tracker = ContactTracker(device: T.singleTouchPad)
        let f1 = tracker.process(T.frame(0, [T.key(KeyCode.btnToolFinger, 1), T.abs(AbsCode.x, 1000),
                                             T.abs(AbsCode.y, 700), T.abs(AbsCode.pressure, 30)]))
        #expect(T.phases(f1) == ["1:began"])
        #expect(f1.isPointer)
        #expect(f1.pointerMotion == .zero)
        let f2 = tracker.process(T.frame(10, [T.abs(AbsCode.x, 1040), T.abs(AbsCode.y, 690)]))
        #expect(f2.pointerMotion == Point(x: 40, y: -10))
        // Two fingers: the tool changes from FINGER to DOUBLETAP, still down.
        let f3 = tracker.process(T.frame(20, [T.key(KeyCode.btnToolFinger, 0), T.key(KeyCode.btnToolDoubleTap, 1)]))
        #expect(T.phases(f3) == ["1:stationary"])
        let f4 = tracker.process(T.frame(30, [T.key(KeyCode.btnToolDoubleTap, 0)]))
        #expect(T.phases(f4) == ["1:ended"])
        #expect(f4.pointerMotion == .zero)
    }

    @Test func aMultitouchTouchpadMovesThePointerByItsOldestFinger() throws {
        var tracker = ContactTracker(device: try T.alps())
        _ = tracker.process(T.frame(0, [T.tid(18), T.mtx(1000), T.mty(600), T.key(KeyCode.btnToolFinger, 1)]))
        let f2 = tracker.process(T.frame(10, [T.mtx(1010)]))
        #expect(f2.isPointer)
        #expect(f2.pointerMotion == Point(x: 10, y: 0))
        // A second finger lands far away: no jump.
        let f3 = tracker.process(T.frame(20, [T.slot(1), T.tid(19), T.mtx(200), T.mty(200)]))
        #expect(f3.pointerMotion == .zero)
        // The second finger moving alone does not move the pointer.
        let f4 = tracker.process(T.frame(30, [T.mtx(250)]))
        #expect(f4.pointerMotion == .zero)
        // The first lifts; the second takes over from the next frame.
        let f5 = tracker.process(T.frame(40, [T.slot(0), T.tid(-1), T.slot(1), T.mtx(260)]))
        #expect(f5.pointerMotion == Point(x: 10, y: 0))
        #expect(T.phases(f5) == ["1:ended", "2:moved"])
    }

    // MARK: Mice

    @Test func aMouseMovesAPointerAndItsLeftButtonIsTheContact() throws {
        var tracker = ContactTracker(device: TestDevices.probeMouse)
        let scan: TrackerTest.E = (EventType.msc, 4, 0x90001)
        let f1 = tracker.process(T.frame(0, [T.rel(RelCode.x, 100), T.rel(RelCode.y, -50)]))
        #expect(f1.contacts.isEmpty)
        #expect(f1.isPointer)
        #expect(f1.pointerMotion == Point(x: 100, y: -50))
        let f2 = tracker.process(T.frame(10, [scan, T.key(KeyCode.btnLeft, 1)]))
        #expect(T.phases(f2) == ["1:began"])
        #expect(f2.contacts[0].position == Point(x: 100, y: -50))
        #expect(Swift.abs(f2.contacts[0].millimetres.x - 2.54) < 1e-9)
        let f3 = tracker.process(T.frame(20, [T.rel(RelCode.x, 5), T.key(KeyCode.btnLeft, 2)]))
        #expect(T.phases(f3) == ["1:moved"])
        let f4 = tracker.process(T.frame(30, [T.key(KeyCode.btnLeft, 2)]))
        #expect(T.phases(f4) == ["1:stationary"])
        // Other buttons are not contacts.
        let f5 = tracker.process(T.frame(40, [T.key(KeyCode.btnRight, 1)]))
        #expect(T.phases(f5) == ["1:stationary"])
        let f6 = tracker.process(T.frame(50, [scan, T.key(KeyCode.btnLeft, 0), T.key(KeyCode.btnRight, 0)]))
        #expect(T.phases(f6) == ["1:ended"])
        #expect(f6.contacts[0].position == Point(x: 105, y: -50))
        #expect(tracker.finish() == nil)
    }

    @Test func theWheelScrollsTowardsTheUserWhenTurnedBack() {
        var tracker = ContactTracker(device: TestDevices.probeMouse)
        let down = tracker.process(T.frame(0, [T.rel(RelCode.wheel, -2)]))
        #expect(down.scroll == Point(x: 0, y: 2))
        let right = tracker.process(T.frame(10, [T.rel(RelCode.hwheel, 1)]))
        #expect(right.scroll == Point(x: 1, y: 0))
        // High-resolution events win over the legacy ones in the same frame.
        let hiRes = tracker.process(T.frame(20, [T.rel(RelCode.wheelHiRes, 60), T.rel(RelCode.wheel, 1)]))
        #expect(hiRes.scroll == Point(x: 0, y: -0.5))
    }

    @Test func aMouseReleaseWithoutAPressAndADropCancel() throws {
        var tracker = ContactTracker(device: TestDevices.probeMouse)
        let f1 = tracker.process(T.frame(0, [T.key(KeyCode.btnLeft, 0)]))
        #expect(f1.contacts.isEmpty)
        _ = tracker.process(T.frame(10, [T.key(KeyCode.btnLeft, 1)]))
        _ = tracker.process(T.frame(20, [T.dropped]))
        let f = tracker.process(T.frame(30, [T.rel(RelCode.x, 1)]))
        #expect(T.phases(f) == ["1:cancelled"])
        #expect(tracker.contactsDown == 0)
    }

    @Test func aDeviceWithoutPointingAxesGivesEmptyFrames() {
        let keyboard = DeviceDescription(name: "Keys", codes: [EventType.key: [30]])
        var tracker = ContactTracker(device: keyboard)
        let f = tracker.process(T.frame(0, [T.key(30, 1)]))
        #expect(f.contacts.isEmpty)
        #expect(tracker.finish() == nil)
    }
}
