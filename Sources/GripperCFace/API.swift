// libgripper's C functions: each is declared, with its promises, in
// Sources/CGripper/include/gripper.h. Nothing here may trap on what a caller
// passes: every pointer, size, number and string is checked first.
import CGripper
@_spi(Benchmarks) import Gripper
import GripperEditing
import GripperGeometry
import GripperGestures
import GripperInput
@_spi(Benchmarks) import GripperLayout

/// The library's version.
let libraryVersion = "0.1.0"

@_cdecl("gripperimpl_version")
public func gripperimpl_version() -> UnsafePointer<CChar> {
    UnsafePointer(versionString)
}

nonisolated(unsafe) private let versionString: UnsafeMutablePointer<CChar> = {
    let bytes = Array(libraryVersion.utf8CString)
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    p.initialize(from: bytes, count: bytes.count)
    return p
}()

// MARK: - Opening

@_cdecl("gripperimpl_config_init")
public func gripperimpl_config_init(_ config: UnsafeMutablePointer<gripper_config>?) {
    guard let config else { return }
    var c = gripper_config()
    c.struct_size = UInt32(MemoryLayout<gripper_config>.size)
    c.flags = 0
    c.viewport_width = 390
    c.viewport_height = 844
    c.points_per_millimetre = 96 / 25.4
    c.row_height = 56
    c.columns = 1
    c.selection_mode = Int32(GRIPPER_SELECTION_MULTIPLE.rawValue)
    config.pointee = c
}

/// A struct of the caller's whose first field is its size: read only when
/// the size is this version's.
func checkedStruct<T>(_ p: UnsafePointer<T>?, _ name: String) throws(CFailure) -> T {
    guard let p else { throw CFailure(GRIPPER_ERROR_NULL, "\(name) is NULL") }
    let size = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
    guard Int(size) == MemoryLayout<T>.size else {
        throw CFailure(GRIPPER_ERROR_STRUCT_SIZE,
                       "\(name).struct_size is \(size); this libgripper knows \(MemoryLayout<T>.size) (set it with sizeof)")
    }
    return p.pointee
}

/// The caller's delegate: this version's struct, or 0.1.0's, which ends
/// before `menu_actions` (its fields copied, the later ones NULL).
func checkedDelegate(_ p: UnsafePointer<gripper_delegate>) throws(CFailure) -> gripper_delegate {
    let size = Int(UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
    guard let before = MemoryLayout<gripper_delegate>.offset(of: \gripper_delegate.menu_actions), size == before else {
        return try checkedStruct(p, "delegate")
    }
    var d = gripper_delegate()
    withUnsafeMutableBytes(of: &d) { $0.copyMemory(from: UnsafeRawBufferPointer(start: p, count: before)) }
    return d
}

/// The layout metrics a configuration describes, as a scene's `layout` gives them.
func metrics(of c: gripper_config) throws(CFailure) -> LayoutMetrics {
    func positive(_ x: Double, _ what: String) throws(CFailure) -> Double {
        guard x.isFinite, x > 0, x <= 1e7 else { throw CFailure(GRIPPER_ERROR_INVALID, "\(what) is \(x); expected above 0 and at most 1e7") }
        return x
    }
    func nonNegative(_ x: Double, _ what: String) throws(CFailure) -> Double {
        guard x.isFinite, x >= 0, x <= 1e7 else { throw CFailure(GRIPPER_ERROR_INVALID, "\(what) is \(x); expected 0 to 1e7") }
        return x
    }
    var m = LayoutMetrics(rowHeight: 56)
    guard c.columns >= 1, c.columns <= 1000 else {
        throw CFailure(GRIPPER_ERROR_INVALID, "columns is \(c.columns); expected 1 to 1000")
    }
    m.columns = Int(c.columns)
    m.rowHeight = try positive(c.row_height, "row_height")
    m.interItemSpacing = try nonNegative(c.inter_item_spacing, "inter_item_spacing")
    m.lineSpacing = try nonNegative(c.line_spacing, "line_spacing")
    let header = try nonNegative(c.header_height, "header_height")
    m.header = header > 0 ? SupplementaryMetrics(height: header) : .none
    if c.flags & UInt32(GRIPPER_PINNED_HEADERS) != 0 {
        guard header > 0 else { throw CFailure(GRIPPER_ERROR_INVALID, "GRIPPER_PINNED_HEADERS needs a header_height above 0") }
        m.header.isPinned = true
    }
    let footer = try nonNegative(c.footer_height, "footer_height")
    m.footer = footer > 0 ? SupplementaryMetrics(height: footer) : .none
    return m
}

func selectionMode(of c: gripper_config) throws(CFailure) -> SelectionMode {
    switch UInt32(bitPattern: c.selection_mode) {
    case GRIPPER_SELECTION_MULTIPLE.rawValue: return .multiple
    case GRIPPER_SELECTION_SINGLE.rawValue: return .single
    case GRIPPER_SELECTION_NONE.rawValue: return .none
    default: throw CFailure(GRIPPER_ERROR_INVALID, "selection_mode is \(c.selection_mode), not a gripper_selection_mode")
    }
}

/// Opens an engine on data read already; writes the handle or the message.
private func open(_ configPointer: UnsafePointer<gripper_config>?, delegate delegatePointer: UnsafePointer<gripper_delegate>?,
                  engine out: UnsafeMutablePointer<OpaquePointer?>?,
                  message: UnsafeMutablePointer<CChar>?, capacity: Int,
                  data: () throws(CFailure) -> CArrayDataSource) -> gripper_status {
    func report(_ failure: CFailure) -> gripper_status {
        if let message, capacity > 0 {
            let bytes = Array(failure.message.utf8.prefix(capacity - 1))
            for (k, b) in bytes.enumerated() { message[k] = CChar(bitPattern: b) }
            message[bytes.count] = 0
        }
        return failure.status
    }
    out?.pointee = nil
    do throws(CFailure) {
        guard let out else { throw CFailure(GRIPPER_ERROR_NULL, "engine (the pointer the new engine is written to) is NULL") }
        let config = try checkedStruct(configPointer, "config")
        let delegateCallbacks = try delegatePointer.map { p throws(CFailure) in try checkedDelegate(p) }
        let known = UInt32(GRIPPER_RECORD_TRANSCRIPT | GRIPPER_MAKE_TRANSITIONS | GRIPPER_ANNOUNCE | GRIPPER_RECORD_INPUT
                           | GRIPPER_PINNED_HEADERS)
        guard config.flags & ~known == 0 else {
            throw CFailure(GRIPPER_ERROR_INVALID, "flags has bits this version does not know: 0x\(String(config.flags & ~known, radix: 16))")
        }
        let width = config.viewport_width, height = config.viewport_height
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 1e7, height <= 1e7 else {
            throw CFailure(GRIPPER_ERROR_INVALID, "the viewport is \(width) × \(height); each side must be above 0 and at most 1e7")
        }
        let ppm = config.points_per_millimetre
        guard ppm.isFinite, ppm >= 0.01, ppm <= 1000 else {
            throw CFailure(GRIPPER_ERROR_INVALID, "points_per_millimetre is \(ppm); expected 0.01 to 1000")
        }
        let m = try metrics(of: config)
        let mode = try selectionMode(of: config)
        let source = try data()
        let log = CallbackLog()
        let delegate = CDelegate(callbacks: delegateCallbacks, selectionMode: mode, log: log)
        var session: ToolkitSession
        do {
            session = try ToolkitSession(
                dataSource: source, delegate: delegate, viewport: Size(width: width, height: height), metrics: m,
                pointsPerMillimetre: ppm,
                recordingTranscript: config.flags & UInt32(GRIPPER_RECORD_TRANSCRIPT) != 0,
                makingTransitions: config.flags & UInt32(GRIPPER_MAKE_TRANSITIONS) != 0,
                recordingInput: config.flags & UInt32(GRIPPER_RECORD_INPUT) != 0)
        } catch {
            switch error {
            case .dataSource(let e): throw CFailure(GRIPPER_ERROR_DATA_SOURCE, "the data source contradicts itself: \(e)")
            default: throw CFailure(GRIPPER_ERROR_LAYOUT, "\(error)")
            }
        }
        if config.flags & UInt32(GRIPPER_ANNOUNCE) != 0 {
            session.setAnnouncements(.english)
        }
        let h = Handle(session: session, log: log, config: config, start: source, delegate: delegate)
        out.pointee = OpaquePointer(Unmanaged.passRetained(h).toOpaque())
        return GRIPPER_OK
    } catch {
        return report(error)
    }
}

@_cdecl("gripperimpl_engine_open")
public func gripperimpl_engine_open(_ config: UnsafePointer<gripper_config>?, _ source: UnsafePointer<gripper_data_source>?,
                                _ delegate: UnsafePointer<gripper_delegate>?, _ engine: UnsafeMutablePointer<OpaquePointer?>?,
                                _ message: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> gripper_status {
    open(config, delegate: delegate, engine: engine, message: message, capacity: capacity) { () throws(CFailure) in
        let s = try checkedStruct(source, "source")
        do throws(CSourceProblem) { return try CArrayDataSource(s) } catch { throw CFailure(error.status, error.message) }
    }
}

@_cdecl("gripperimpl_engine_open_arrays")
public func gripperimpl_engine_open_arrays(_ config: UnsafePointer<gripper_config>?, _ sections: UnsafePointer<gripper_section_data>?,
                                       _ count: Int, _ delegate: UnsafePointer<gripper_delegate>?,
                                       _ engine: UnsafeMutablePointer<OpaquePointer?>?,
                                       _ message: UnsafeMutablePointer<CChar>?, _ capacity: Int) -> gripper_status {
    open(config, delegate: delegate, engine: engine, message: message, capacity: capacity) { () throws(CFailure) in
        guard count >= 0 else { throw CFailure(GRIPPER_ERROR_INVALID, "section_count is past SIZE_MAX / 2") }
        do throws(CSourceProblem) { return try CArrayDataSource(sections: sections, count: count) } catch { throw CFailure(error.status, error.message) }
    }
}

@_cdecl("gripperimpl_engine_close")
public func gripperimpl_engine_close(_ engine: OpaquePointer?) {
    guard let engine, let h = handle(engine), !h.busy else { return }
    Unmanaged<Handle>.fromOpaque(UnsafeRawPointer(engine)).release()
}

nonisolated(unsafe) private let noEngine: UnsafeMutablePointer<CChar> = {
    let bytes = Array("no engine".utf8CString)
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    p.initialize(from: bytes, count: bytes.count)
    return p
}()

@_cdecl("gripperimpl_engine_last_error")
public func gripperimpl_engine_last_error(_ engine: OpaquePointer?) -> UnsafePointer<CChar> {
    guard let h = handle(engine) else { return UnsafePointer(noEngine) }
    return h.handOut(String(decoding: h.lastError.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
}

@_cdecl("gripperimpl_callback_errors")
public func gripperimpl_callback_errors(_ engine: OpaquePointer?) -> UInt64 {
    handle(engine)?.log.errors ?? 0
}

// MARK: - Toolkit input

/// A C caller's gripper_touch_phase.
func touchPhase(_ phase: Int32) throws(CFailure) -> ToolkitInput.TouchPhase {
    switch UInt32(bitPattern: phase) {
    case GRIPPER_TOUCH_BEGIN.rawValue: .began
    case GRIPPER_TOUCH_UPDATE.rawValue: .moved
    case GRIPPER_TOUCH_END.rawValue: .ended
    case GRIPPER_TOUCH_CANCEL.rawValue: .cancelled
    default: throw CFailure(GRIPPER_ERROR_INVALID, "phase \(phase) is not a gripper_touch_phase")
    }
}

@_cdecl("gripperimpl_touch")
public func gripperimpl_touch(_ engine: OpaquePointer?, _ time: Int64, _ phase: Int32, _ sequence: UInt64,
                          _ x: Double, _ y: Double) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        let p = try touchPhase(phase)
        do throws(ToolkitSession.Failure) { return try h.session.touch(p, sequence: sequence, at: Point(x: x, y: y), time: t) } catch { throw CFailure(error) }
    }
}

@_cdecl("gripperimpl_touchpad_pinch")
public func gripperimpl_touchpad_pinch(_ engine: OpaquePointer?, _ time: Int64, _ phase: Int32, _ scale: Double,
                                       _ x: Double, _ y: Double) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        let p = try touchPhase(phase)
        do throws(ToolkitSession.Failure) {
            return try h.session.touchpadPinch(p, scale: scale, at: Point(x: x, y: y), time: t)
        } catch { throw CFailure(error) }
    }
}

@_cdecl("gripperimpl_pointer_motion")
public func gripperimpl_pointer_motion(_ engine: OpaquePointer?, _ time: Int64, _ x: Double, _ y: Double) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        do throws(ToolkitSession.Failure) { return try h.session.pointerMotion(to: Point(x: x, y: y), time: t) } catch { throw CFailure(error) }
    }
}

@_cdecl("gripperimpl_pointer_button")
public func gripperimpl_pointer_button(_ engine: OpaquePointer?, _ time: Int64, _ x: Double, _ y: Double,
                                   _ button: UInt32, _ pressed: Int32) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        do throws(ToolkitSession.Failure) { return try h.session.pointerButton(button, pressed: pressed != 0, at: Point(x: x, y: y), time: t) } catch {
            throw CFailure(error)
        }
    }
}

@_cdecl("gripperimpl_scroll")
public func gripperimpl_scroll(_ engine: OpaquePointer?, _ time: Int64, _ x: Double, _ y: Double,
                           _ dx: Double, _ dy: Double) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        do throws(ToolkitSession.Failure) { return try h.session.scroll(dx: dx, dy: dy, at: Point(x: x, y: y), time: t) } catch { throw CFailure(error) }
    }
}

@_cdecl("gripperimpl_key")
public func gripperimpl_key(_ engine: OpaquePointer?, _ time: Int64, _ code: UInt32, _ state: Int32) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        guard let s = ToolkitInput.KeyState(rawValue: state) else {
            throw CFailure(GRIPPER_ERROR_INVALID, "state \(state) is not a gripper_key_state")
        }
        do throws(ToolkitSession.Failure) { return try h.session.key(code, s, time: t) } catch { throw CFailure(error) }
    }
}

@_cdecl("gripperimpl_cancel")
public func gripperimpl_cancel(_ engine: OpaquePointer?, _ time: Int64) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        do throws(ToolkitSession.Failure) { return try h.session.cancel(time: t) } catch { throw CFailure(error) }
    }
}

// MARK: - Evdev input

@_cdecl("gripperimpl_attach_device")
public func gripperimpl_attach_device(_ engine: OpaquePointer?, _ info: UnsafePointer<gripper_device_info>?,
                                  _ device: UnsafeMutablePointer<UInt32>?) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let i = try checkedStruct(info, "info")
        guard let device else { throw CFailure(GRIPPER_ERROR_NULL, "device is NULL") }
        guard h.evdevDevices.count < 64 else { throw CFailure(GRIPPER_ERROR_INVALID, "64 evdev devices are attached already") }
        var name = "evdev device"
        switch cString(i.name) {
        case nil: break
        case .failure: throw CFailure(GRIPPER_ERROR_UTF8, "info.name is not valid UTF-8")
        case .success(let s): name = s
        }
        guard i.code_count <= 4096, i.code_count == 0 || i.codes != nil else {
            throw CFailure(GRIPPER_ERROR_INVALID, "info.codes: \(i.code_count) codes (at most 4096, and not NULL)")
        }
        guard i.axis_count <= 64, i.axis_count == 0 || i.axes != nil else {
            throw CFailure(GRIPPER_ERROR_INVALID, "info.axes: \(i.axis_count) axes (at most 64, and not NULL)")
        }
        var codes: [UInt16: Set<UInt16>] = [EventType.syn: [SynCode.report]]
        for k in 0..<i.code_count {
            let tc = i.codes![k]
            let type = UInt16(tc >> 16), code = UInt16(tc & 0xffff)
            guard type <= EventType.max, code <= 0x2ff else {
                throw CFailure(GRIPPER_ERROR_INVALID, "info.codes[\(k)] is type \(type) code \(code), past EV_MAX or KEY_MAX")
            }
            codes[type, default: []].insert(code)
        }
        var absInfo: [UInt16: AbsInfo] = [:]
        for k in 0..<i.axis_count {
            let a = i.axes![k]
            guard a.code <= AbsCode.max, a.minimum <= a.maximum, a.resolution >= 0 else {
                throw CFailure(GRIPPER_ERROR_INVALID, "info.axes[\(k)]: code \(a.code) from \(a.minimum) to \(a.maximum), resolution \(a.resolution)")
            }
            absInfo[a.code] = AbsInfo(minimum: a.minimum, maximum: a.maximum, fuzz: a.fuzz, flat: a.flat, resolution: a.resolution)
            codes[EventType.abs, default: []].insert(a.code)
        }
        var properties: Set<UInt16> = []
        for bit in 0..<32 where i.properties & (1 << UInt32(bit)) != 0 { properties.insert(UInt16(bit)) }
        let description = DeviceDescription(name: name, properties: properties, codes: codes, absInfo: absInfo)
        let id = h.session.attach(description)
        h.evdevDevices.append(id)
        device.pointee = UInt32(h.evdevDevices.count - 1)
        return []
    }
}

@_cdecl("gripperimpl_evdev_frame")
public func gripperimpl_evdev_frame(_ engine: OpaquePointer?, _ device: UInt32, _ events: UnsafePointer<gripper_input_event>?,
                                _ count: Int) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        guard Int(device) < h.evdevDevices.count else {
            throw CFailure(GRIPPER_ERROR_NOT_FOUND, "no evdev device \(device) (\(h.evdevDevices.count) attached)")
        }
        guard let events else { throw CFailure(GRIPPER_ERROR_NULL, "events is NULL") }
        guard count >= 1, count <= 4096 else { throw CFailure(GRIPPER_ERROR_INVALID, "count is \(count); expected 1 to 4096") }
        var raw: [RawEvent] = []
        raw.reserveCapacity(count)
        for k in 0..<count {
            let e = events[k]
            raw.append(RawEvent(time: try eventTime(e.time_us), type: e.type, code: e.code, value: e.value))
        }
        // The frame is the events before its SYN_REPORT, at the report's time.
        let time = raw[raw.count - 1].time
        if raw[raw.count - 1].isSynReport { raw.removeLast() }
        do throws(ToolkitSession.Failure) {
            return try h.session.handle(EventFrame(time: time, events: raw), from: h.evdevDevices[Int(device)])
        } catch {
            throw CFailure(error)
        }
    }
}

@_cdecl("gripperimpl_device_lost")
public func gripperimpl_device_lost(_ engine: OpaquePointer?, _ device: UInt32, _ time: Int64) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        guard Int(device) < h.evdevDevices.count else {
            throw CFailure(GRIPPER_ERROR_NOT_FOUND, "no evdev device \(device) (\(h.evdevDevices.count) attached)")
        }
        do throws(ToolkitSession.Failure) { return try h.session.deviceLost(h.evdevDevices[Int(device)], at: t) } catch { throw CFailure(error) }
    }
}

// MARK: - Time

@_cdecl("gripperimpl_next_deadline")
public func gripperimpl_next_deadline(_ engine: OpaquePointer?, _ time: UnsafeMutablePointer<Int64>?,
                                  _ has: UnsafeMutablePointer<Int32>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let time, let has else { throw CFailure(GRIPPER_ERROR_NULL, "time_us or has_deadline is NULL") }
        if let d = h.session.engine.nextDeadline, !h.session.isFinished {
            time.pointee = d.microseconds
            has.pointee = 1
        } else {
            has.pointee = 0
        }
    }
}

@_cdecl("gripperimpl_fire")
public func gripperimpl_fire(_ engine: OpaquePointer?, _ time: Int64) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        guard !h.session.isFinished else { throw CFailure(.finished) }
        return h.session.fire(until: t)
    }
}

@_cdecl("gripperimpl_finish")
public func gripperimpl_finish(_ engine: OpaquePointer?) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        guard !h.session.isFinished else { throw CFailure(.finished) }
        let entries = h.session.finish()
        // The final line, as the transcript ends.
        h.pendingFinal = finalLine(of: h.session.engine.model)
        return entries
    }
}

/// The transcript's `final` line for a model.
func finalLine(of model: CollectionModel) -> String {
    "final " + model.sections.map { s in
        Escaping.token(s.id.rawValue) + ":" + s.items.map { " " + Escaping.token($0.rawValue) }.joined()
    }.joined(separator: " | ")
}

// MARK: - What to draw

/// The C kind of an element.
func elementKind(_ kind: ElementKind) -> (UInt32, actionIndex: Int32) {
    switch kind {
    case .cell: (GRIPPER_ELEMENT_CELL.rawValue, -1)
    case .header: (GRIPPER_ELEMENT_HEADER.rawValue, -1)
    case .footer: (GRIPPER_ELEMENT_FOOTER.rawValue, -1)
    case .globalHeader: (GRIPPER_ELEMENT_GLOBAL_HEADER.rawValue, -1)
    case .sectionBackground: (GRIPPER_ELEMENT_SECTION_BACKGROUND.rawValue, -1)
    case .rowSeparator, .columnSeparator: (GRIPPER_ELEMENT_SEPARATOR.rawValue, -1)
    case .placeholder: (GRIPPER_ELEMENT_PLACEHOLDER.rawValue, -1)
    case .dragProxy: (GRIPPER_ELEMENT_DRAG_PROXY.rawValue, -1)
    case .action(let index): (GRIPPER_ELEMENT_ACTION.rawValue, Int32(clamping: index))
    case .menu: (GRIPPER_ELEMENT_MENU.rawValue, -1)
    case .menuEntry(let index): (GRIPPER_ELEMENT_MENU_ENTRY.rawValue, Int32(clamping: index))
    case .supplementary: (GRIPPER_ELEMENT_APP_SUPPLEMENTARY.rawValue, -1)
    case .decoration: (GRIPPER_ELEMENT_APP_DECORATION.rawValue, -1)
    }
}

extension Handle {
    /// One element as C sees it: viewport points at `offset`, its
    /// identities from `ids` (an action's from the handle's strings).
    /// - Complexity: O(1).
    func cAttributes<I: ElementIdentities>(_ a: borrowing LayoutAttributes, offset: Double, ids: I) -> gripper_attributes {
        var c = gripper_attributes()
        write(a, offset: offset, ids: ids, to: &c)
        return c
    }

    /// ``cAttributes(_:offset:ids:)`` written over `c` in place (the
    /// caller's buffer: no struct made and then copied there).
    /// - Complexity: O(1).
    @inline(__always)
    func write<I: ElementIdentities>(_ a: borrowing LayoutAttributes, offset: Double, ids: I,
                                     to c: UnsafeMutablePointer<gripper_attributes>) {
        c.pointee = gripper_attributes()
        var flags: UInt32 = 0
        if a.isHidden { flags |= UInt32(GRIPPER_ATTR_HIDDEN) }
        if a.isSelected { flags |= UInt32(GRIPPER_ATTR_SELECTED) }
        if a.isHighlighted { flags |= UInt32(GRIPPER_ATTR_HIGHLIGHTED) }
        if a.isEditing { flags |= UInt32(GRIPPER_ATTR_EDITING) }
        if a.isMovable { flags |= UInt32(GRIPPER_ATTR_MOVABLE) }
        if a.isDeletable { flags |= UInt32(GRIPPER_ATTR_DELETABLE) }
        if a.isPinned { flags |= UInt32(GRIPPER_ATTR_PINNED) }
        if a.isDropTarget { flags |= UInt32(GRIPPER_ATTR_DROP_TARGET) }
        if a.isFocused { flags |= UInt32(GRIPPER_ATTR_FOCUSED) }
        c.pointee.flags = flags
        c.pointee.section = -1
        c.pointee.item = -1
        if let p = a.indexPath {
            c.pointee.section = Int32(clamping: p.section)
            c.pointee.item = Int32(clamping: p.item)
        }
        c.pointee.z_index = Int32(clamping: a.zIndex)
        c.pointee.x = a.frame.minX
        c.pointee.y = a.frame.minY - offset
        c.pointee.width = a.frame.width
        c.pointee.height = a.frame.height
        c.pointee.alpha = a.alpha
        c.pointee.swipe_offset = a.swipeContentOffset
        c.pointee.drag_item_count = Int32(clamping: a.dragItemCount)
        let (kind, actionIndex) = elementKind(a.kind)
        c.pointee.kind = kind
        c.pointee.action_index = actionIndex
        switch a.kind {
        case .cell, .dragProxy:
            if let p = a.indexPath { c.pointee.id = ids.item(at: p) }
        case .action(let index):
            if let p = a.indexPath { c.pointee.id = ids.item(at: p) }
            let frames = a.actionFrames
            if frames.indices.contains(index) {
                let id = frames[index].id
                c.pointee.action_id = handOut(id)
                c.pointee.action_title = handOut(log.actionTitles[id] ?? id)
                c.pointee.action_destructive = frames[index].style == .destructive ? 1 : 0
            }
        case .menu:
            if let p = a.indexPath { c.pointee.id = ids.item(at: p) }
        case .menuEntry:
            if let p = a.indexPath { c.pointee.id = ids.item(at: p) }
            if let entry = a.menuEntry {
                c.pointee.action_id = handOut(entry.id)
                c.pointee.action_title = handOut(entry.title)
                c.pointee.action_destructive = entry.style == .destructive ? 1 : 0
            }
        case .header, .footer, .sectionBackground:
            c.pointee.item = -1
            if let p = a.indexPath { c.pointee.id = ids.section(p.section) }
        case .supplementary(let name), .decoration(let name):
            if let p = a.indexPath { c.pointee.id = ids.section(p.section) }
            c.pointee.action_id = handOut(name)
        case .globalHeader, .rowSeparator, .columnSeparator, .placeholder:
            break
        }
        if a.isEditing, let controls = a.editingControls {
            if let r = controls.deleteControl {
                c.pointee.delete_control_x = r.minX
                c.pointee.delete_control_y = r.minY - offset
                c.pointee.delete_control_width = r.width
                c.pointee.delete_control_height = r.height
            }
            if let r = controls.gripper {
                c.pointee.gripper_x = r.minX
                c.pointee.gripper_y = r.minY - offset
                c.pointee.gripper_width = r.width
                c.pointee.gripper_height = r.height
            }
        }
    }
}

@_cdecl("gripperimpl_attributes_in_rect")
public func gripperimpl_attributes_in_rect(_ engine: OpaquePointer?, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                                       _ out: UnsafeMutablePointer<gripper_attributes>?, _ capacity: Int,
                                       _ count: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let count else { throw CFailure(GRIPPER_ERROR_NULL, "count is NULL") }
        let rx = try finite(x, "x"), ry = try finite(y, "y")
        let w = try finite(width, "width"), hh = try finite(height, "height")
        guard w >= 0, hh >= 0 else { throw CFailure(GRIPPER_ERROR_INVALID, "the rect's size \(w) × \(hh) is negative") }
        h.releaseStrings()
        let engine = h.session.engine
        let offset = engine.contentOffset
        let rect = Rect(x: rx, y: ry + offset, width: w, height: hh)
        // Each element is made into the caller's buffer as the layout visits
        // it (no array of attributes in between); past the capacity they are
        // only counted. The visit's state is behind a pointer the closure
        // captures, not captured variables (whose every access the runtime
        // would check for exclusivity); the identities are read from a
        // snapshot of the handle's table for the same reason.
        struct Visit {
            var n = 0
            var inOrder = true
            var lastZ = Int32.min
        }
        let visit = UnsafeMutablePointer<Visit>.allocate(capacity: 1)
        visit.initialize(to: Visit())
        defer {
            visit.deinitialize(count: 1)
            visit.deallocate()
        }
        let handle = h
        let ids = h.identities.reader
        let emit = { (a: borrowing LayoutAttributes) in
            let k = visit.pointee.n
            if k < capacity, let out {
                handle.write(a, offset: offset, ids: ids, to: out + k)
                if out[k].z_index < visit.pointee.lastZ { visit.pointee.inOrder = false }
                visit.pointee.lastZ = out[k].z_index
            }
            visit.pointee.n = k + 1
        }
        // The dragged item's own cell, at the gap where it will land, hidden:
        // first, so it is drawn (ghosted, or not at all) beneath the rest.
        if let drag = engine.presentation.drag,
           var hidden = engine.layout.attributes(for: drag.source, presentation: engine.presentation),
           hidden.frame.intersects(rect) {
            hidden.isHidden = true
            emit(hidden)
            visit.pointee.lastZ = Int32.min
        }
        if let grid = engine.layout as? GridLayout {
            grid.forEachAttributes(in: rect, presentation: engine.presentation, contentOffset: offset) { emit($0) }
        } else {
            let list = engine.layout.attributes(in: rect, presentation: engine.presentation, contentOffset: offset)
            list.withUnsafeBufferPointer { all in for k in all.indices { emit(all[k]) } }
        }
        let n = visit.pointee.n, inOrder = visit.pointee.inOrder
        count.pointee = n
        guard n <= capacity else {
            throw CFailure(GRIPPER_ERROR_BUFFER, "\(n) elements lie in the rect; the buffer holds \(capacity)")
        }
        guard let out else {
            if n == 0 { return }
            throw CFailure(GRIPPER_ERROR_NULL, "out is NULL")
        }
        // Drawing order: z-index, then the layout's order (a stable sort of
        // what was written, only when something came out of order; the
        // hidden source stays first).
        if !inOrder {
            let first = engine.presentation.drag != nil && n > 0 && out[0].flags & UInt32(GRIPPER_ATTR_HIDDEN) != 0 ? 1 : 0
            let order = (first..<n).sorted { (out[$0].z_index, $0) < (out[$1].z_index, $1) }
            let copy = order.map { out[$0] }
            for (k, a) in copy.enumerated() { out[first + k] = a }
        }
    }
}

@_cdecl("gripperimpl_content_offset")
public func gripperimpl_content_offset(_ engine: OpaquePointer?, _ offset: UnsafeMutablePointer<Double>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let offset else { throw CFailure(GRIPPER_ERROR_NULL, "offset is NULL") }
        offset.pointee = h.session.engine.contentOffset
    }
}

@_cdecl("gripperimpl_content_size")
public func gripperimpl_content_size(_ engine: OpaquePointer?, _ width: UnsafeMutablePointer<Double>?,
                                 _ height: UnsafeMutablePointer<Double>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let width, let height else { throw CFailure(GRIPPER_ERROR_NULL, "width or height is NULL") }
        let e = h.session.engine
        let size = e.layout.contentSize(for: e.presentation)
        width.pointee = size.width
        height.pointee = size.height
    }
}

nonisolated(unsafe) private let emptyString: UnsafeMutablePointer<CChar> = {
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
    p.initialize(to: 0)
    return p
}()

@_cdecl("gripperimpl_state")
public func gripperimpl_state(_ engine: OpaquePointer?) -> UnsafePointer<CChar> {
    guard let h = handle(engine) else { return UnsafePointer(emptyString) }
    return h.handOut(h.session.engine.stateName)
}

// MARK: - The model

@_cdecl("gripperimpl_section_count")
public func gripperimpl_section_count(_ engine: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let count else { throw CFailure(GRIPPER_ERROR_NULL, "count is NULL") }
        count.pointee = h.session.engine.model.numberOfSections
    }
}

@_cdecl("gripperimpl_item_count")
public func gripperimpl_item_count(_ engine: OpaquePointer?, _ section: Int, _ count: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let count else { throw CFailure(GRIPPER_ERROR_NULL, "count is NULL") }
        guard let n = h.session.engine.model.numberOfItems(inSection: section) else {
            throw CFailure(GRIPPER_ERROR_INVALID, "no section \(section) (\(h.session.engine.model.numberOfSections) sections)")
        }
        count.pointee = n
    }
}

@_cdecl("gripperimpl_item_id")
public func gripperimpl_item_id(_ engine: OpaquePointer?, _ section: Int, _ item: Int, _ buffer: UnsafeMutablePointer<CChar>?,
                            _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard section >= 0, item >= 0, let id = h.session.engine.model.item(at: ItemPath(section: section, item: item)) else {
            throw CFailure(GRIPPER_ERROR_INVALID, "no item at [\(section),\(item)]")
        }
        try copyOut(id.rawValue, buffer, capacity, length)
    }
}

@_cdecl("gripperimpl_section_id")
public func gripperimpl_section_id(_ engine: OpaquePointer?, _ section: Int, _ buffer: UnsafeMutablePointer<CChar>?,
                               _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        let sections = h.session.engine.model.sections
        guard section >= 0, section < sections.count else {
            throw CFailure(GRIPPER_ERROR_INVALID, "no section \(section) (\(sections.count) sections)")
        }
        try copyOut(sections[section].id.rawValue, buffer, capacity, length)
    }
}

@_cdecl("gripperimpl_journal_count")
public func gripperimpl_journal_count(_ engine: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let count else { throw CFailure(GRIPPER_ERROR_NULL, "count is NULL") }
        count.pointee = h.session.engine.journal.entries.count
    }
}

// MARK: - The app's changes

@_cdecl("gripperimpl_apply_batch")
public func gripperimpl_apply_batch(_ engine: OpaquePointer?, _ time: Int64, _ ops: UnsafePointer<gripper_batch_op>?,
                                _ count: Int) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        guard count >= 0, count <= 1_000_000 else { throw CFailure(GRIPPER_ERROR_INVALID, "count is \(count); at most 1000000") }
        guard count == 0 || ops != nil else { throw CFailure(GRIPPER_ERROR_NULL, "ops is NULL") }
        var operations: [BatchUpdate.Operation] = []
        operations.reserveCapacity(count)
        for k in 0..<count {
            let op = ops![k]
            func path(_ s: Int32, _ i: Int32) throws(CFailure) -> ItemPath {
                guard s >= 0, i >= 0 else { throw CFailure(GRIPPER_ERROR_BATCH, "ops[\(k)]: the index path [\(s),\(i)] is negative") }
                return ItemPath(section: Int(s), item: Int(i))
            }
            func id() throws(CFailure) -> String {
                do throws(CSourceProblem) { return try identity(op.id, what: "ops[\(k)].id") } catch { throw CFailure(error.status, error.message) }
            }
            switch op.kind {
            case GRIPPER_BATCH_DELETE_ITEM.rawValue: operations.append(.deleteItem(try path(op.section, op.item)))
            case GRIPPER_BATCH_INSERT_ITEM.rawValue: operations.append(.insertItem(ItemID(try id()), at: try path(op.section, op.item)))
            case GRIPPER_BATCH_MOVE_ITEM.rawValue:
                operations.append(.moveItem(from: try path(op.section, op.item), to: try path(op.to_section, op.to_item)))
            case GRIPPER_BATCH_RELOAD_ITEM.rawValue: operations.append(.reloadItem(try path(op.section, op.item)))
            case GRIPPER_BATCH_DELETE_SECTION.rawValue:
                guard op.section >= 0 else { throw CFailure(GRIPPER_ERROR_BATCH, "ops[\(k)]: section \(op.section) is negative") }
                operations.append(.deleteSection(Int(op.section)))
            case GRIPPER_BATCH_MOVE_SECTION.rawValue:
                guard op.section >= 0, op.to_section >= 0 else {
                    throw CFailure(GRIPPER_ERROR_BATCH, "ops[\(k)]: section \(op.section) -> \(op.to_section) is negative")
                }
                operations.append(.moveSection(from: Int(op.section), to: Int(op.to_section)))
            case GRIPPER_BATCH_RELOAD_SECTION.rawValue:
                guard op.section >= 0 else { throw CFailure(GRIPPER_ERROR_BATCH, "ops[\(k)]: section \(op.section) is negative") }
                operations.append(.reloadSection(Int(op.section)))
            case GRIPPER_BATCH_INSERT_SECTION.rawValue:
                guard op.section >= 0 else { throw CFailure(GRIPPER_ERROR_BATCH, "ops[\(k)]: section \(op.section) is negative") }
                operations.append(.insertSection(CollectionSection(id: SectionID(try id()), items: []), at: Int(op.section)))
            default:
                throw CFailure(GRIPPER_ERROR_INVALID, "ops[\(k)].kind is \(op.kind), not a gripper_batch_kind")
            }
        }
        do throws(ToolkitSession.Failure) { return try h.session.apply(BatchUpdate(operations), at: t) } catch { throw CFailure(error) }
    }
}

@_cdecl("gripperimpl_run_command")
public func gripperimpl_run_command(_ engine: OpaquePointer?, _ time: Int64, _ command: Int32) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        let stimulus: Stimulus
        switch UInt32(bitPattern: command) {
        case GRIPPER_COMMAND_EDIT_ON.rawValue: stimulus = .setEditing(true)
        case GRIPPER_COMMAND_EDIT_OFF.rawValue: stimulus = .setEditing(false)
        case GRIPPER_COMMAND_DELETE_SELECTED.rawValue: stimulus = .deleteSelected
        case GRIPPER_COMMAND_UNDO.rawValue: stimulus = .undo
        case GRIPPER_COMMAND_REDO.rawValue: stimulus = .redo
        case GRIPPER_COMMAND_MOVE_UP.rawValue: stimulus = .move(.up)
        case GRIPPER_COMMAND_MOVE_DOWN.rawValue: stimulus = .move(.down)
        case GRIPPER_COMMAND_MOVE_TO_TOP.rawValue: stimulus = .move(.toTop)
        case GRIPPER_COMMAND_MOVE_TO_BOTTOM.rawValue: stimulus = .move(.toBottom)
        default: throw CFailure(GRIPPER_ERROR_INVALID, "command \(command) is not a gripper_command")
        }
        do throws(ToolkitSession.Failure) { return try h.session.apply(stimulus, at: t) } catch { throw CFailure(error) }
    }
}

@_cdecl("gripperimpl_set_focus")
public func gripperimpl_set_focus(_ engine: OpaquePointer?, _ time: Int64, _ section: Int32, _ item: Int32) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        let path: ItemPath?
        if section == -1 && item == -1 {
            path = nil
        } else {
            guard section >= 0, item >= 0 else {
                throw CFailure(GRIPPER_ERROR_INVALID, "[\(section),\(item)] is not an index path (-1, -1 clears the focus)")
            }
            path = ItemPath(section: Int(section), item: Int(item))
        }
        do throws(ToolkitSession.Failure) { return try h.session.apply(.focus(path), at: t) } catch { throw CFailure(error) }
    }
}

@_cdecl("gripperimpl_set_measured")
public func gripperimpl_set_measured(_ engine: OpaquePointer?, _ time: Int64, _ kind: Int32, _ section: Int32, _ item: Int32,
                                     _ given: Int32, _ width: Double, _ height: Double) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        func length(_ x: Double, _ what: String) throws(CFailure) -> Double {
            guard x.isFinite, x >= 0, x <= 0x1p40 else {
                throw CFailure(GRIPPER_ERROR_INVALID, "the \(what) is \(x), not a finite number from 0 to 2^40")
            }
            return x
        }
        guard section >= 0, item >= 0 else {
            throw CFailure(GRIPPER_ERROR_INVALID, "section \(section), item \(item): an index is negative")
        }
        let w = given & 1 != 0 ? try length(width, "width") : nil
        let ht = given & 2 != 0 ? try length(height, "height") : nil
        let measurement: Measurement
        switch given & 4 == 0 ? GRIPPER_ELEMENT_CELL.rawValue : UInt32(bitPattern: kind) {
        case GRIPPER_ELEMENT_CELL.rawValue where given & 4 == 0:
            measurement = .item(ItemPath(section: Int(section), item: Int(item)), width: w, height: ht)
        case GRIPPER_ELEMENT_HEADER.rawValue: measurement = .supplementary(.header, section: Int(section), height: ht ?? 0)
        case GRIPPER_ELEMENT_FOOTER.rawValue: measurement = .supplementary(.footer, section: Int(section), height: ht ?? 0)
        default:
            throw CFailure(GRIPPER_ERROR_INVALID, "kind \(kind) is not GRIPPER_ELEMENT_HEADER or GRIPPER_ELEMENT_FOOTER")
        }
        let entries: [Transcript.Entry]
        do throws(ToolkitSession.Failure) { entries = try h.session.apply(.measured(measurement), at: t) } catch { throw CFailure(error) }
        for entry in entries {
            guard case .rejected(let why) = entry.event else { continue }
            h.collect(entries)
            throw CFailure(GRIPPER_ERROR_LAYOUT, why)
        }
        return entries
    }
}

@_cdecl("gripperimpl_scroll_to")
public func gripperimpl_scroll_to(_ engine: OpaquePointer?, _ time: Int64, _ offset: Double, _ animated: Int32) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        let o = try finite(offset, "offset")
        do throws(ToolkitSession.Failure) { return try h.session.apply(.scroll(.offset(o), animated: animated != 0), at: t) } catch { throw CFailure(error) }
    }
}

@_cdecl("gripperimpl_resize")
public func gripperimpl_resize(_ engine: OpaquePointer?, _ time: Int64, _ width: Double, _ height: Double) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 1e7, height <= 1e7 else {
            throw CFailure(GRIPPER_ERROR_INVALID, "the size is \(width) × \(height); each side must be above 0 and at most 1e7")
        }
        let before = h.session.engine.viewportSize
        let entries: [Transcript.Entry]
        do throws(ToolkitSession.Failure) { entries = try h.session.apply(.resizeViewport(Size(width: width, height: height)), at: t) } catch { throw CFailure(error) }
        if h.session.engine.viewportSize == before && before != Size(width: width, height: height) {
            h.collect(entries)
            throw CFailure(GRIPPER_ERROR_LAYOUT, "the layout cannot take \(width) × \(height) (the transcript says why)")
        }
        return entries
    }
}

@_cdecl("gripperimpl_layout_change_init")
public func gripperimpl_layout_change_init(_ change: UnsafeMutablePointer<gripper_layout_change>?) {
    guard let change else { return }
    var c = gripper_layout_change()
    c.struct_size = UInt32(MemoryLayout<gripper_layout_change>.size)
    change.pointee = c
}

/// The `LayoutChange` a C caller's struct gives, each value checked.
func layoutChange(of c: gripper_layout_change) throws(CFailure) -> LayoutChange {
    let known = UInt32(GRIPPER_LAYOUT_FIELD_KIND.rawValue | GRIPPER_LAYOUT_FIELD_COLUMNS.rawValue
        | GRIPPER_LAYOUT_FIELD_MINIMUM_ITEM_WIDTH.rawValue | GRIPPER_LAYOUT_FIELD_ROW_HEIGHT.rawValue
        | GRIPPER_LAYOUT_FIELD_INTER_ITEM_SPACING.rawValue | GRIPPER_LAYOUT_FIELD_LINE_SPACING.rawValue
        | GRIPPER_LAYOUT_FIELD_HEADER_HEIGHT.rawValue | GRIPPER_LAYOUT_FIELD_FOOTER_HEIGHT.rawValue
    | GRIPPER_LAYOUT_FIELD_SNAPPING.rawValue)
    guard c.fields & ~known == 0 else {
        throw CFailure(GRIPPER_ERROR_INVALID, "change.fields has bits this libgripper does not know: \(c.fields & ~known)")
    }
    guard c.fields != 0 else { throw CFailure(GRIPPER_ERROR_INVALID, "change.fields gives no field") }
    func given(_ field: gripper_layout_field) -> Bool { c.fields & UInt32(field.rawValue) != 0 }
    func length(_ x: Double, _ what: String, positive: Bool) throws(CFailure) -> Double {
        guard x.isFinite, positive ? x > 0 : x >= 0, x <= 1e7 else {
            throw CFailure(GRIPPER_ERROR_INVALID, "change.\(what) is \(x); expected \(positive ? "above" : "at least") 0 and at most 1e7")
        }
        return x
    }
    var change = LayoutChange()
    if given(GRIPPER_LAYOUT_FIELD_KIND) {
        switch c.kind {
        case Int32(GRIPPER_LAYOUT_GRID.rawValue): change.kind = .grid
        case Int32(GRIPPER_LAYOUT_FLOW.rawValue): change.kind = .flow
        default: throw CFailure(GRIPPER_ERROR_INVALID, "change.kind is \(c.kind); expected GRIPPER_LAYOUT_GRID or GRIPPER_LAYOUT_FLOW")
        }
    }
    if given(GRIPPER_LAYOUT_FIELD_COLUMNS) {
        guard (1...1000).contains(c.columns) else {
            throw CFailure(GRIPPER_ERROR_INVALID, "change.columns is \(c.columns); expected 1 to 1000")
        }
        change.columns = Int(c.columns)
    }
    if given(GRIPPER_LAYOUT_FIELD_MINIMUM_ITEM_WIDTH) {
        change.minimumItemWidth = c.minimum_item_width == 0
            ? .some(nil) : .some(try length(c.minimum_item_width, "minimum_item_width", positive: true))
    }
    if given(GRIPPER_LAYOUT_FIELD_ROW_HEIGHT) { change.rowHeight = try length(c.row_height, "row_height", positive: true) }
    if given(GRIPPER_LAYOUT_FIELD_INTER_ITEM_SPACING) {
        change.interItemSpacing = try length(c.inter_item_spacing, "inter_item_spacing", positive: false)
    }
    if given(GRIPPER_LAYOUT_FIELD_LINE_SPACING) { change.lineSpacing = try length(c.line_spacing, "line_spacing", positive: false) }
    if given(GRIPPER_LAYOUT_FIELD_HEADER_HEIGHT) {
        change.headerHeight = try length(c.header_height, "header_height", positive: false)
    }
    if given(GRIPPER_LAYOUT_FIELD_FOOTER_HEIGHT) {
        change.footerHeight = try length(c.footer_height, "footer_height", positive: false)
    }
    if given(GRIPPER_LAYOUT_FIELD_SNAPPING) {
        switch c.snapping {
        case Int32(GRIPPER_SNAPPING_NONE.rawValue): change.scrollSnapping = ScrollSnapping.none
        case Int32(GRIPPER_SNAPPING_ITEM.rawValue): change.scrollSnapping = .item
        case Int32(GRIPPER_SNAPPING_PAGE.rawValue): change.scrollSnapping = .page
        default:
            throw CFailure(GRIPPER_ERROR_INVALID, "change.snapping is \(c.snapping); expected GRIPPER_SNAPPING_NONE, _ITEM or _PAGE")
        }
    }
    return change
}

@_cdecl("gripperimpl_change_layout")
public func gripperimpl_change_layout(_ engine: OpaquePointer?, _ time: Int64,
                                      _ change: UnsafePointer<gripper_layout_change>?) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        let t = try eventTime(time)
        let c = try layoutChange(of: try checkedStruct(change, "change"))
        let entries: [Transcript.Entry]
        do throws(ToolkitSession.Failure) { entries = try h.session.apply(.changeLayout(c), at: t) } catch { throw CFailure(error) }
        if entries.contains(where: { if case .rejected = $0.event { true } else { false } }) {
            h.collect(entries)
            throw CFailure(GRIPPER_ERROR_LAYOUT, "the layout cannot take \(c) (the transcript says why)")
        }
        return entries
    }
}

@_cdecl("gripperimpl_take_display_changes")
public func gripperimpl_take_display_changes(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gripper_display_change>?,
                                             _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let count else { throw CFailure(GRIPPER_ERROR_NULL, "count is NULL") }
        let now = h.session.engine.displayedElements
        let changes = h.session.engine.displayChanges(to: now)
        let all = changes.disappeared.map { (GRIPPER_DISPLAY_DISAPPEARED, $0) } + changes.appeared.map { (GRIPPER_DISPLAY_APPEARED, $0) }
        count.pointee = all.count
        guard all.count <= capacity else {
            throw CFailure(GRIPPER_ERROR_BUFFER, "\(all.count) display changes do not fit in \(capacity)")
        }
        guard let out else {
            if all.isEmpty {
                h.session.markDisplayed(now)
                return
            }
            throw CFailure(GRIPPER_ERROR_NULL, "out is NULL")
        }
        h.releaseStrings()
        for (k, (event, element)) in all.enumerated() {
            var c = gripper_display_change()
            c.event = Int32(event.rawValue)
            switch element {
            case .item(let id):
                c.kind = Int32(GRIPPER_ELEMENT_CELL.rawValue)
                c.id = h.handOut(id.rawValue)
            case .header(let id):
                c.kind = Int32(GRIPPER_ELEMENT_HEADER.rawValue)
                c.id = h.handOut(id.rawValue)
            case .footer(let id):
                c.kind = Int32(GRIPPER_ELEMENT_FOOTER.rawValue)
                c.id = h.handOut(id.rawValue)
            case .globalHeader:
                c.kind = Int32(GRIPPER_ELEMENT_GLOBAL_HEADER.rawValue)
                c.id = nil
            case .supplementary(_, let section, _):
                c.kind = Int32(GRIPPER_ELEMENT_APP_SUPPLEMENTARY.rawValue)
                c.id = h.handOut(section.rawValue)
            }
            out[k] = c
        }
        h.session.markDisplayed(now)
    }
}

// MARK: - What happened

@_cdecl("gripperimpl_take_lines")
public func gripperimpl_take_lines(_ engine: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                               _ length: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        var text = ""
        for entry in h.pendingEntries { text += entry.textLine + "\n" }
        if let f = h.pendingFinal { text += f + "\n" }
        try copyOut(text, buffer, capacity, length)
        h.pendingEntries.removeAll()
        h.pendingFinal = nil
    }
}

@_cdecl("gripperimpl_transcript")
public func gripperimpl_transcript(_ engine: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                               _ length: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        try copyOut(h.session.engine.transcript.text, buffer, capacity, length)
    }
}

@_cdecl("gripperimpl_take_announcement")
public func gripperimpl_take_announcement(_ engine: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
                                      _ length: UnsafeMutablePointer<Int>?) -> gripper_status {
    if let h = handle(engine), !h.busy, h.announcementHead >= h.announcements.count {
        // Nothing waits: not a failure, so the last error stays.
        length?.pointee = 0
        return GRIPPER_ERROR_NOT_FOUND
    }
    return readingCall(engine) { h throws(CFailure) in
        guard h.announcementHead < h.announcements.count else {
            length?.pointee = 0
            throw CFailure(GRIPPER_ERROR_NOT_FOUND, "no announcement waits")
        }
        try copyOut(h.announcements[h.announcementHead], buffer, capacity, length)
        h.announcementHead += 1
    }
}

// MARK: - Transitions

@_cdecl("gripperimpl_take_transitions")
public func gripperimpl_take_transitions(_ engine: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let count else { throw CFailure(GRIPPER_ERROR_NULL, "count is NULL") }
        h.taken = h.made
        h.made.removeAll()
        count.pointee = h.taken.count
    }
}

func curveCode(_ c: TimingCurve) -> UInt32 {
    switch c {
    case .linear: GRIPPER_CURVE_LINEAR.rawValue
    case .easeIn: GRIPPER_CURVE_EASE_IN.rawValue
    case .easeOut: GRIPPER_CURVE_EASE_OUT.rawValue
    case .easeInOut: GRIPPER_CURVE_EASE_IN_OUT.rawValue
    }
}

/// Each cause's name in static storage (valid for the library's life).
nonisolated(unsafe) private let causeNames: [EngineTransition.Cause: UnsafeMutablePointer<CChar>] = {
    var out: [EngineTransition.Cause: UnsafeMutablePointer<CChar>] = [:]
    for cause in EngineTransition.Cause.allCases {
        let bytes = Array(cause.rawValue.utf8CString)
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        p.initialize(from: bytes, count: bytes.count)
        out[cause] = p
    }
    return out
}()

@_cdecl("gripperimpl_transition_at")
public func gripperimpl_transition_at(_ engine: OpaquePointer?, _ index: Int,
                                  _ out: UnsafeMutablePointer<gripper_transition>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let out else { throw CFailure(GRIPPER_ERROR_NULL, "out is NULL") }
        guard index >= 0, index < h.taken.count else {
            throw CFailure(GRIPPER_ERROR_INVALID, "no transition \(index) (\(h.taken.count) taken)")
        }
        let t = h.taken[index].transition
        var c = gripper_transition()
        // The engine counts from its first input; the app's clock is the one it gave.
        c.start_us = (h.session.engine.origin?.microseconds ?? 0) &+ t.time.microseconds
        c.duration_us = t.duration.components.seconds &* 1_000_000 &+ t.duration.components.attoseconds / 1_000_000_000_000
        c.curve = curveCode(t.curve)
        c.change_count = UInt32(clamping: t.layout.appearing.count + t.layout.disappearing.count + t.layout.moving.count)
        c.initial_offset = t.initialContentOffset
        c.final_offset = t.finalContentOffset
        c.cause = causeNames[t.cause].map { UnsafePointer($0) }
        out.pointee = c
    }
}

@_cdecl("gripperimpl_transition_changes")
public func gripperimpl_transition_changes(_ engine: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<gripper_change>?,
                                       _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let count else { throw CFailure(GRIPPER_ERROR_NULL, "count is NULL") }
        guard index >= 0, index < h.taken.count else {
            throw CFailure(GRIPPER_ERROR_INVALID, "no transition \(index) (\(h.taken.count) taken)")
        }
        let made = h.taken[index]
        let t = made.transition
        let roles: [(UInt32, [LayoutTransition.Change])] = [(0, t.layout.appearing), (1, t.layout.disappearing), (2, t.layout.moving)]
        let n = roles.reduce(0) { $0 + $1.1.count }
        count.pointee = n
        guard n <= capacity else { throw CFailure(GRIPPER_ERROR_BUFFER, "\(n) changes; the buffer holds \(capacity)") }
        guard let out else {
            if n == 0 { return }
            throw CFailure(GRIPPER_ERROR_NULL, "out is NULL")
        }
        h.releaseStrings()
        var k = 0
        for (role, changes) in roles {
            for change in changes {
                var c = gripper_change()
                c.role = role
                c.initial = h.cAttributes(change.initial, offset: t.initialContentOffset,
                                          ids: CopiedIdentities(handle: h, model: made.before))
                c.final = h.cAttributes(change.final, offset: t.finalContentOffset,
                                        ids: CopiedIdentities(handle: h, model: made.after))
                out[k] = c
                k += 1
            }
        }
    }
}

@_cdecl("gripperimpl_curve_value")
public func gripperimpl_curve_value(_ curve: Int32, _ fraction: Double) -> Double {
    let c: TimingCurve
    switch UInt32(bitPattern: curve) {
    case GRIPPER_CURVE_LINEAR.rawValue: c = .linear
    case GRIPPER_CURVE_EASE_IN.rawValue: c = .easeIn
    case GRIPPER_CURVE_EASE_OUT.rawValue: c = .easeOut
    case GRIPPER_CURVE_EASE_IN_OUT.rawValue: c = .easeInOut
    default: return 0
    }
    return c.value(at: fraction)
}

// MARK: - A pinch between layouts

@_cdecl("gripperimpl_set_pinch_layouts")
public func gripperimpl_set_pinch_layouts(_ engine: OpaquePointer?, _ closing: UnsafePointer<gripper_layout_change>?,
                                          _ spreading: UnsafePointer<gripper_layout_change>?) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        // Both checked before either is taken: all or nothing.
        let close = try closing.map { p throws(CFailure) in try layoutChange(of: try checkedStruct(p, "closing")) }
        let spread = try spreading.map { p throws(CFailure) in try layoutChange(of: try checkedStruct(p, "spreading")) }
        h.session.setPinchLayouts(close == nil && spread == nil ? nil : PinchLayouts(closing: close, spreading: spread))
        return []
    }
}

@_cdecl("gripperimpl_pinch_init")
public func gripperimpl_pinch_init(_ pinch: UnsafeMutablePointer<gripper_pinch>?) {
    guard let pinch else { return }
    var p = gripper_pinch()
    p.struct_size = UInt32(MemoryLayout<gripper_pinch>.size)
    pinch.pointee = p
}

@_cdecl("gripperimpl_get_pinch")
public func gripperimpl_get_pinch(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gripper_pinch>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        _ = try checkedStruct(UnsafePointer(out), "out")
        guard let out else { return }
        var p = gripper_pinch()
        p.struct_size = UInt32(MemoryLayout<gripper_pinch>.size)
        if let pinch = h.session.engine.layoutPinch {
            p.active = 1
            p.closing = pinch.isClosing ? 1 : 0
            p.progress = pinch.progress
            p.scale = pinch.scale
            p.centre_x = pinch.centre.x
            p.centre_y = pinch.centre.y
            p.target_offset = pinch.targetContentOffset
        }
        out.pointee = p
    }
}

@_cdecl("gripperimpl_pinched_attributes")
public func gripperimpl_pinched_attributes(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<gripper_attributes>?,
                                           _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> gripper_status {
    readingCall(engine) { h throws(CFailure) in
        guard let count else { throw CFailure(GRIPPER_ERROR_NULL, "count is NULL") }
        let shown = h.session.engine.pinchedAttributes()
        count.pointee = shown.count
        guard shown.count <= capacity else {
            throw CFailure(GRIPPER_ERROR_BUFFER, "\(shown.count) elements are shown; the buffer holds \(capacity)")
        }
        guard let out else {
            if shown.isEmpty { return }
            throw CFailure(GRIPPER_ERROR_NULL, "out is NULL")
        }
        h.releaseStrings()
        let ids = h.identities.reader
        // Already in viewport coordinates: no offset to take off.
        for (k, a) in shown.enumerated() { h.write(a, offset: 0, ids: ids, to: out + k) }
    }
}
