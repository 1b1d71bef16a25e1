import CGripper
@_spi(Benchmarks) import Gripper
import GripperEditing
import GripperGeometry
import GripperInput
import GripperLayout

/// What a `gripper_engine *` points at: the session, and everything the C
/// face keeps between calls (the last error, lines and announcements not
/// yet taken, the strings handed out, the transitions taken).
final class Handle {
    var session: ToolkitSession
    /// Set while the engine runs a call: a callback's call back in is refused.
    var busy = false
    let log: CallbackLog
    /// The last error's message, NUL-terminated.
    var lastError: [CChar] = [0]
    /// Callback errors already reported in ``lastError``.
    private var reportedCallbackErrors: UInt64 = 0
    /// Transcript entries produced and not yet taken (formatted as lines
    /// when taken: a frame that nobody reads the lines of pays nothing).
    var pendingEntries: [Transcript.Entry] = []
    /// The `final` line, once the engine finished, until taken.
    var pendingFinal: String?
    /// Announcements not yet taken (a queue: ``announcementHead`` is the next).
    var announcements: [String] = []
    var announcementHead = 0
    /// Strings handed out by the last call, in blocks of ``blockSize``
    /// bytes (a larger string gets a block of its own); all but the first
    /// block are freed at the next call, and the first is reused.
    private var blocks: [UnsafeMutableRawBufferPointer] = []
    private var used = 0
    private static let blockSize = 1 << 16
    /// Whether the engine makes transitions (the flag it opened with).
    let makesTransitions: Bool
    /// A transition with the models before and after the call that made it
    /// (its changes' identities are looked up in them).
    struct Made {
        var transition: EngineTransition
        var before: CollectionModel
        var after: CollectionModel
    }
    /// Transitions made and not yet taken.
    var made: [Made] = []
    /// The transitions of the last take.
    var taken: [Made] = []
    /// The engine's id of each device `gripper_attach_device` added.
    var evdevDevices: [InputDeviceID] = []
    /// The configuration and data the engine opened with (a bug report's scene).
    let config: gripper_config
    let start: CArrayDataSource
    let delegate: CDelegate
    /// The model's identities as C strings, in step with the model.
    let identities: CIdentities

    init(session: ToolkitSession, log: CallbackLog, config: gripper_config, start: CArrayDataSource, delegate: CDelegate) {
        makesTransitions = session.engine.makesTransitions
        self.session = session
        self.log = log
        self.config = config
        self.start = start
        self.delegate = delegate
        identities = CIdentities(arena: CStringArena(start))
        assert(identities.mismatch(with: session.engine.model) == nil,
               "the C identities part from the model at open: \(identities.mismatch(with: session.engine.model) ?? "")")
    }

    deinit {
        for b in blocks { b.deallocate() }
    }

    /// Frees the strings the last call handed out (keeping the first block).
    func releaseStrings() {
        if blocks.count > 1 {
            for b in blocks.dropFirst() { b.deallocate() }
            blocks.removeSubrange(1...)
        }
        used = 0
    }

    /// A NUL-terminated copy of `s` owned by the handle until its next call.
    func handOut(_ s: String) -> UnsafePointer<CChar> {
        let utf8 = s.utf8
        let need = utf8.count + 1
        if blocks.isEmpty || used + need > blocks[blocks.count - 1].count {
            blocks.append(UnsafeMutableRawBufferPointer.allocate(byteCount: max(need, Self.blockSize), alignment: 1))
            used = 0
        }
        let start = blocks[blocks.count - 1].baseAddress! + used
        let bytes = start.assumingMemoryBound(to: UInt8.self)
        // A byte at a time: an identity is short, and most live inside the
        // string value itself (no buffer to copy from).
        var k = 0
        for b in utf8 {
            bytes[k] = b
            k += 1
        }
        bytes[k] = 0
        used += need
        return UnsafePointer(start.assumingMemoryBound(to: CChar.self))
    }

    func fail(_ status: gripper_status, _ message: String) -> gripper_status {
        lastError = Array(message.utf8CString)
        return status
    }

    /// Files what a call produced: lines to take, announcements to say;
    /// and brings the identities in step with the changes to the model.
    func collect(_ entries: [Transcript.Entry]) {
        var modelChanged = false
        for entry in entries {
            pendingEntries.append(entry)
            if let a = entry.announcement { announcements.append(a.text) }
            if case .effect(let effect) = entry.event, identities.follow(effect) { modelChanged = true }
        }
        if modelChanged { identities.settle(with: session.engine.model) }
        if announcementHead > 64 && announcementHead * 2 > announcements.count {
            announcements.removeFirst(announcementHead)
            announcementHead = 0
        }
        if log.errors != reportedCallbackErrors {
            reportedCallbackErrors = log.errors
            if let m = log.lastMessage { lastError = Array(m.utf8CString) }
        }
    }
}

/// The handle behind a C pointer, without retaining it.
@inline(__always)
func handle(_ p: OpaquePointer?) -> Handle? {
    guard let p else { return nil }
    return Unmanaged<Handle>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

/// Runs one engine call: refuses a NULL handle and a call from a callback,
/// marks the handle busy, files the entries produced.
func engineCall(_ p: OpaquePointer?,
                _ body: (Handle) throws(CFailure) -> [Transcript.Entry]) -> gripper_status {
    guard let h = handle(p) else { return GRIPPER_ERROR_NULL }
    guard !h.busy else { return h.fail(GRIPPER_ERROR_REENTRANT, "called from one of this engine's own callbacks") }
    h.busy = true
    defer { h.busy = false }
    h.releaseStrings()
    let before = h.makesTransitions ? h.session.engine.model : nil
    defer {
        // Each transition keeps the models it moves between, for its identities.
        if let before {
            let after = h.session.engine.model
            for t in h.session.takeTransitions() { h.made.append(Handle.Made(transition: t, before: before, after: after)) }
        }
    }
    do {
        h.collect(try body(h))
        return GRIPPER_OK
    } catch {
        return h.fail(error.status, error.message)
    }
}

/// A reading call: refuses NULL and a call from a callback; no entries.
func readingCall(_ p: OpaquePointer?, _ body: (Handle) throws(CFailure) -> Void) -> gripper_status {
    guard let h = handle(p) else { return GRIPPER_ERROR_NULL }
    guard !h.busy else { return h.fail(GRIPPER_ERROR_REENTRANT, "called from one of this engine's own callbacks") }
    do {
        try body(h)
        return GRIPPER_OK
    } catch {
        return h.fail(error.status, error.message)
    }
}

/// A failed call's status and words.
struct CFailure: Error {
    var status: gripper_status
    var message: String

    init(_ status: gripper_status, _ message: String) {
        self.status = status
        self.message = message
    }

    init(_ failure: ToolkitSession.Failure) {
        switch failure {
        case .refused: status = GRIPPER_ERROR_INVALID
        case .timeOrder: status = GRIPPER_ERROR_TIME_ORDER
        case .finished: status = GRIPPER_ERROR_FINISHED
        case .batch: status = GRIPPER_ERROR_BATCH
        }
        message = failure.description
    }
}

/// The largest time accepted, microseconds (EventTime's range).
let maximumTime = EventTime.maximumSeconds * 1_000_000

/// A C time, checked.
func eventTime(_ us: Int64) throws(CFailure) -> EventTime {
    guard us >= 0, us <= maximumTime else {
        throw CFailure(GRIPPER_ERROR_INVALID, "time \(us) µs is outside 0…\(maximumTime)")
    }
    return EventTime(microseconds: us)
}

/// A C number, checked: finite and within ±`limit`.
func finite(_ x: Double, _ what: String, limit: Double = 1e9) throws(CFailure) -> Double {
    guard x.isFinite, abs(x) <= limit else { throw CFailure(GRIPPER_ERROR_INVALID, "\(what) is \(x), not a finite number within ±\(limit)") }
    return x
}

/// Copies `text` and a NUL into a caller's buffer: BUFFER (with the length
/// needed) when it does not fit.
func copyOut(_ text: String, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
             _ length: UnsafeMutablePointer<Int>?) throws(CFailure) {
    let utf8 = text.utf8
    length?.pointee = utf8.count
    guard let buffer, capacity > utf8.count else {
        if buffer == nil && capacity > 0 { throw CFailure(GRIPPER_ERROR_NULL, "buffer is NULL with a capacity of \(capacity)") }
        throw CFailure(GRIPPER_ERROR_BUFFER, "the text is \(utf8.count) bytes and a NUL; the buffer holds \(capacity)")
    }
    var k = 0
    for b in utf8 {
        buffer[k] = CChar(bitPattern: b)
        k += 1
    }
    buffer[k] = 0
}
