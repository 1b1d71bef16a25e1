import GripperGeometry
@_spi(Benchmarks) import GripperInput
import GripperTraces

/// Compact frames and devices for the trackers' and the trace summary's
/// scripted tests.
package enum TrackerTest {
    package typealias E = (type: UInt16, code: UInt16, value: Int32)

    package static func abs(_ code: UInt16, _ value: Int32) -> E { (EventType.abs, code, value) }
    package static func key(_ code: UInt16, _ value: Int32) -> E { (EventType.key, code, value) }
    package static func rel(_ code: UInt16, _ value: Int32) -> E { (EventType.rel, code, value) }
    package static func slot(_ n: Int32) -> E { abs(AbsCode.mtSlot, n) }
    package static func tid(_ n: Int32) -> E { abs(AbsCode.mtTrackingID, n) }
    package static func mtx(_ n: Int32) -> E { abs(AbsCode.mtPositionX, n) }
    package static func mty(_ n: Int32) -> E { abs(AbsCode.mtPositionY, n) }
    package static let mtReport: E = (EventType.syn, SynCode.mtReport, 0)
    package static let dropped: E = (EventType.syn, SynCode.dropped, 0)

    /// A frame at `ms` milliseconds.
    package static func frame(_ ms: Int64, _ events: [E], resync: Bool = false) -> EventFrame {
        let time = EventTime.milliseconds(ms)
        return EventFrame(time: time, events: events.map { RawEvent(time: time, type: $0.type, code: $0.code, value: $0.value) },
                          isResync: resync)
    }

    /// (id, phase) pairs of a frame, in order.
    package static func phases(_ frame: ContactFrame) -> [String] {
        frame.contacts.map { "\($0.id):\($0.phase.rawValue)" }
    }

    /// A single-touch screen without multitouch axes: 0…1000 × 0…500 at
    /// 4 units/mm (250 × 125 mm), `BTN_TOUCH`.
    package static let singleTouchScreen = DeviceDescription(
        name: "Test Single-Touch Screen",
        properties: [InputProperty.direct],
        codes: [EventType.syn: [0], EventType.key: [KeyCode.btnTouch], EventType.abs: [AbsCode.x, AbsCode.y]],
        absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 1000, resolution: 4),
                  AbsCode.y: AbsInfo(minimum: 0, maximum: 500, resolution: 4)])

    /// A single-touch touchpad: finger tool keys and pressure, no
    /// `BTN_TOUCH`, no multitouch, 0…2000 × 0…1400 at 20 units/mm.
    package static let singleTouchPad = DeviceDescription(
        name: "Test Single-Touch Touchpad",
        properties: [InputProperty.pointer],
        codes: [EventType.syn: [0], EventType.key: [KeyCode.btnLeft, KeyCode.btnToolFinger, KeyCode.btnToolDoubleTap],
                EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.pressure]],
        absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 2000, resolution: 20),
                  AbsCode.y: AbsInfo(minimum: 0, maximum: 1400, resolution: 20),
                  AbsCode.pressure: AbsInfo(minimum: 0, maximum: 127)])

    /// The N-Trig protocol A screen of Recordings/real.
    package static func ntrig() throws -> DeviceDescription {
        try EvemuFormat.read(Recordings.bytes("real/ts_ntrig_protoA.desc"), fileName: "ts_ntrig_protoA.desc").device
    }

    /// The ALPS touchpad of Recordings/real (protocol B, two slots).
    package static func alps() throws -> DeviceDescription {
        try Recordings.evemu("real/tp_alps-glidepoint_double-tap.evemu").device
    }
}
