// A change to this machine changes its diagram in Documentation/LiveInput.md too.
import GripperInput

/// The reader's life, without any I/O: assembles the events libevdev hands
/// out into frames, turns a `SYN_DROPPED` resync into one resync frame, and
/// remembers that the device is lost or the reader closed.
///
/// ``EvdevReader`` performs the I/O and feeds this machine one call per thing
/// that happened; the returned action says what to hand to the caller.
struct EvdevReaderStateMachine {
    /// Where the reader is.
    enum State: Equatable {
        /// Normal reading; `pending` holds the events since the last `SYN_REPORT`.
        case reading(pending: [RawEvent])
        /// After `SYN_DROPPED` at `droppedAt`: collecting libevdev's resync events.
        case syncing(droppedAt: EventTime, events: [RawEvent], lastReport: EventTime?)
        /// The device went away; nothing more will come.
        case lost
        /// The caller closed the reader.
        case closed
    }

    /// What the reader must do after an input to the machine.
    enum Action: Equatable {
        /// Nothing to hand out yet.
        case none
        /// Hand this frame to the caller.
        case emit(EventFrame)
        /// `SYN_DROPPED`: read in libevdev's sync mode until it reports `-EAGAIN`.
        case readSyncEvents
        /// Tell the caller the device is lost, then release the device.
        case reportLostAndRelease
        /// Release the device (grab, libevdev, descriptor) without a report.
        case release
        /// The input made no sense in this state and was ignored.
        case ignored
    }

    private(set) var state: State = .reading(pending: [])

    /// Whether the reader will never produce anything again.
    var isFinished: Bool {
        switch state {
        case .reading, .syncing: return false
        case .lost, .closed: return true
        }
    }

    /// An event read in normal mode.
    ///
    /// - Complexity: O(1) amortised; O(events in the frame) on `SYN_REPORT`.
    mutating func eventRead(_ event: RawEvent) -> Action {
        switch state {
        case .reading(var pending):
            if event.isSynReport {
                state = .reading(pending: [])
                return .emit(EventFrame(time: event.time, events: pending, reportValue: event.value))
            }
            // Leave the array uniquely referenced while appending.
            state = .lost
            pending.append(event)
            state = .reading(pending: pending)
            return .none
        case .syncing, .lost, .closed:
            return .ignored
        }
    }

    /// libevdev reported `SYN_DROPPED` at `time`: the events since the last
    /// `SYN_REPORT` are stale and are dropped; the resync begins.
    mutating func syncDropped(at time: EventTime) -> Action {
        switch state {
        case .reading:
            state = .syncing(droppedAt: time, events: [], lastReport: nil)
            return .readSyncEvents
        case .syncing, .lost, .closed:
            return .ignored
        }
    }

    /// One event of libevdev's resync (sync mode).
    ///
    /// - Complexity: O(1) amortised.
    mutating func syncEventRead(_ event: RawEvent) -> Action {
        switch state {
        case .syncing(let droppedAt, var events, let lastReport):
            if event.isSynReport {
                state = .syncing(droppedAt: droppedAt, events: events, lastReport: event.time)
            } else if !(event.type == EventType.syn && event.code == SynCode.dropped) {
                state = .lost
                events.append(event)
                state = .syncing(droppedAt: droppedAt, events: events, lastReport: lastReport)
            }
            return .none
        case .reading, .lost, .closed:
            return .ignored
        }
    }

    /// libevdev's sync mode reported `-EAGAIN`: the resync is complete. Emits
    /// one frame with `isResync = true` holding every change, stamped with
    /// the resync's last `SYN_REPORT` (or the drop's time when it had none).
    mutating func syncFinished() -> Action {
        switch state {
        case .syncing(let droppedAt, let events, let lastReport):
            state = .reading(pending: [])
            return .emit(EventFrame(time: lastReport ?? droppedAt, events: events, isResync: true))
        case .reading, .lost, .closed:
            return .ignored
        }
    }

    /// The device went away (`ENODEV`, `POLLHUP`, `POLLERR`). Events of an
    /// unfinished frame are dropped: the caller cancels what is in flight.
    mutating func deviceGone() -> Action {
        switch state {
        case .reading, .syncing:
            state = .lost
            return .reportLostAndRelease
        case .lost, .closed:
            return .ignored
        }
    }

    /// The caller closes the reader.
    mutating func closeRequested() -> Action {
        switch state {
        case .reading, .syncing:
            state = .closed
            return .release
        case .lost:
            state = .closed
            return .none
        case .closed:
            return .none
        }
    }
}
