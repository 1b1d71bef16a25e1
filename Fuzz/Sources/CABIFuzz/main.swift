// fuzz-c-abi: libgripper's C functions as a C caller would call them — and
// as a careless one would: a configuration, data (identities that repeat,
// are empty or are not UTF-8), then a script of calls with numbers at the
// edges (NaN, infinities, ±1e300, negative and huge times and sizes), wrong
// struct sizes, NULL pointers, buffers too small, unknown enum values, batch
// operations out of range. Every call must return a status and leave the
// engine whole: after each step the model's identities are read back and
// must be unique, the state is a known name, and the attributes of the
// viewport come back (or BUFFER with the count needed). Built and run by
// scripts/fuzz (c-abi).
import CGripper
import Glibc
import GripperCFace

/// Reads the fuzzer's bytes as a script.
struct Bytes {
    let data: [UInt8]
    var at = 0
    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < data.count ? data[at] : 0
    }
    mutating func u16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }
    var done: Bool { at >= data.count }

    /// A number: small and ordinary mostly, sometimes one at an edge.
    mutating func number(scale: Double) -> Double {
        let kind = byte()
        switch kind % 16 {
        case 0: return .nan
        case 1: return .infinity
        case 2: return -.infinity
        case 3: return 1e300
        case 4: return -1e300
        case 5: return -Double(u16())
        case 6: return 0
        case 7: return Double(u16()) * 1e6
        default: return Double(u16()) / 65535 * scale
        }
    }

    /// A time in microseconds: mostly later than `now`, sometimes not, sometimes absurd.
    mutating func time(after now: inout Int64) -> Int64 {
        switch byte() % 32 {
        case 0: return -1
        case 1: return Int64.max
        case 2: return now - Int64(u16())
        case 3: return 9_000_000_000_000_000_000
        default:
            now += Int64(u16()) * 50
            return now
        }
    }
}

nonisolated(unsafe) var strings: [UnsafeMutablePointer<CChar>] = []
func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
    let p = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (k, b) in bytes.enumerated() { p[k] = CChar(bitPattern: b) }
    p[bytes.count] = 0
    strings.append(p)
    return p
}

func check(_ ok: Bool, _ what: @autoclosure () -> String) {
    if !ok {
        print("fuzz-c-abi: broken: \(what())")
        abort()
    }
}

func knownStatus(_ s: gripper_status) -> Bool { s.rawValue <= GRIPPER_ERROR_FINISHED.rawValue }

/// The engine is whole: identities unique and readable, a state, the viewport's attributes.
func checkWhole(_ engine: OpaquePointer?) {
    var sections = 0
    check(gripper_section_count(engine, &sections) == GRIPPER_OK, "section_count")
    var seen = Set<String>()
    var buffer = [CChar](repeating: 0, count: 512)
    var total = 0
    for s in 0..<sections {
        var n = 0
        check(gripper_item_count(engine, s, &n) == GRIPPER_OK, "item_count(\(s))")
        total += n
        guard total < 4000 else { return }
        for i in 0..<n {
            var length = 0
            let st = gripper_item_id(engine, s, i, &buffer, buffer.count, &length)
            check(st == GRIPPER_OK, "item_id(\(s), \(i)): \(st.rawValue)")
            let id = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            check(seen.insert(id).inserted, "item \(id) appears twice")
        }
    }
    let state = String(cString: gripper_state(engine))
    check(!state.isEmpty, "an empty state")
    var count = 0
    var attributes = [gripper_attributes](repeating: gripper_attributes(), count: 8)
    var st = gripper_attributes_in_rect(engine, 0, 0, 400, 600, &attributes, attributes.count, &count)
    if st == GRIPPER_ERROR_BUFFER {
        attributes = [gripper_attributes](repeating: gripper_attributes(), count: count)
        st = gripper_attributes_in_rect(engine, 0, 0, 400, 600, &attributes, attributes.count, &count)
    }
    check(st == GRIPPER_OK, "attributes_in_rect: \(st.rawValue)")
    // The identities, copied before the engine is asked again (they are
    // valid until its next call).
    let ids = attributes.prefix(count).map { $0.id.map { String(cString: $0) } }
    for (a, id) in zip(attributes.prefix(count), ids) {
        check(a.x.isFinite && a.y.isFinite && a.width >= 0 && a.height >= 0, "an element at \(a.x),\(a.y) \(a.width)x\(a.height)")
        // A cell's, a proxy's and a header's identity is the model's at its index path.
        var length = 0
        let asked: gripper_status
        switch a.kind {
        case GRIPPER_ELEMENT_CELL.rawValue, GRIPPER_ELEMENT_DRAG_PROXY.rawValue:
            asked = gripper_item_id(engine, Int(a.section), Int(a.item), &buffer, buffer.count, &length)
        case GRIPPER_ELEMENT_HEADER.rawValue:
            asked = gripper_section_id(engine, Int(a.section), &buffer, buffer.count, &length)
        default:
            continue
        }
        let model = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        check(asked == GRIPPER_OK && id == model,
              "element of kind \(a.kind) at [\(a.section),\(a.item)] is \(id ?? "NULL"), the model's \(model) (\(asked.rawValue))")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCABI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var b = Bytes(data: size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    defer {
        for p in strings { p.deallocate() }
        strings.removeAll()
    }
    var config = gripper_config()
    gripper_config_init(&config)
    let flags = b.byte()
    config.flags = UInt32(flags & 0x1f) | (flags & 0x80 != 0 ? 1 << 20 : 0)
    config.viewport_width = b.byte() % 8 == 0 ? b.number(scale: 2000) : 400
    config.viewport_height = b.byte() % 8 == 0 ? b.number(scale: 2000) : 600
    config.columns = Int32(b.byte() % 5)
    config.row_height = b.byte() % 4 == 0 ? b.number(scale: 200) : 56
    config.header_height = Double(b.byte() % 3) * 20
    config.selection_mode = Int32(b.byte() % 4)
    if b.byte() % 16 == 0 { config.struct_size = UInt32(b.byte()) }
    // The data: a few sections of a few items; identities from the bytes.
    let sectionCount = Int(b.byte() % 4)
    var idLists: [[UnsafePointer<CChar>?]] = []
    var sections: [gripper_section_data] = []
    for s in 0..<sectionCount {
        let n = Int(b.byte() % 12)
        var ids: [UnsafePointer<CChar>?] = []
        for i in 0..<n {
            switch b.byte() % 32 {
            case 0: ids.append(nil)
            case 1: ids.append(UnsafePointer(cString([0xff, 0xfe])))
            case 2: ids.append(UnsafePointer(cString([])))
            case 3: ids.append(UnsafePointer(cString(Array("s0i0".utf8))))
            default: ids.append(UnsafePointer(cString(Array("s\(s)i\(i)".utf8))))
            }
        }
        idLists.append(ids)
        _ = s
    }
    var heights: [[Double]] = idLists.map { $0.map { _ in 30 } }
    let withHeights = b.byte() % 4 == 0
    for s in 0..<sectionCount {
        let name = cString(Array("s\(s)".utf8))
        if withHeights, !heights[s].isEmpty { heights[s][0] = b.number(scale: 200) }
        sections.append(gripper_section_data(id: UnsafePointer(name), item_ids: nil, item_count: idLists[s].count, item_heights: nil))
    }
    var engine: OpaquePointer?
    var message = [CChar](repeating: 0, count: Int(b.byte()))
    let opened: gripper_status = idLists.withUnsafeBufferPointer { _ in
        // Each section's arrays stay alive for the open.
        var pointers: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []
        var heightPointers: [UnsafeMutablePointer<Double>] = []
        defer {
            for p in pointers { p.deallocate() }
            for p in heightPointers { p.deallocate() }
        }
        for s in 0..<sectionCount {
            let p = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(1, idLists[s].count))
            p.initialize(from: idLists[s], count: idLists[s].count)
            pointers.append(p)
            sections[s].item_ids = UnsafePointer(p)
            if withHeights {
                let h = UnsafeMutablePointer<Double>.allocate(capacity: max(1, heights[s].count))
                h.initialize(from: heights[s], count: heights[s].count)
                heightPointers.append(h)
                sections[s].item_heights = UnsafePointer(h)
            }
        }
        return message.withUnsafeMutableBufferPointer { m in
            sections.withUnsafeBufferPointer { gripper_engine_open_arrays(&config, $0.baseAddress, $0.count, nil, &engine, m.baseAddress, m.count) }
        }
    }
    check(knownStatus(opened), "open returned \(opened.rawValue)")
    guard opened == GRIPPER_OK, let engine else {
        check(engine == nil, "an engine written on failure")
        return 0
    }
    defer { gripper_engine_close(engine) }
    checkWhole(engine)
    var now: Int64 = 1_000_000
    var lines = [CChar](repeating: 0, count: 64)
    while !b.done {
        let op = b.byte() % 20
        let st: gripper_status
        switch op {
        case 0, 1, 2:
            st = gripper_touch(engine, b.time(after: &now), Int32(b.byte() % 5), UInt64(b.byte() % 4),
                               b.number(scale: 400), b.number(scale: 600))
        case 3, 4:
            st = gripper_pointer_motion(engine, b.time(after: &now), b.number(scale: 400), b.number(scale: 600))
        case 5:
            st = gripper_pointer_button(engine, b.time(after: &now), b.number(scale: 400), b.number(scale: 600),
                                        UInt32(b.byte() % 5), Int32(b.byte() % 2))
        case 6:
            st = gripper_scroll(engine, b.time(after: &now), 200, 300, b.number(scale: 3), b.number(scale: 3))
        case 7:
            st = gripper_key(engine, b.time(after: &now), UInt32(b.u16() % 800), Int32(b.byte() % 4))
        case 8, 9:
            st = gripper_fire(engine, b.time(after: &now))
        case 10:
            var ops: [gripper_batch_op] = []
            for _ in 0..<Int(b.byte() % 4) {
                let id = b.byte() % 8 == 0 ? nil : UnsafePointer(cString(Array("new\(b.byte())".utf8)))
                ops.append(gripper_batch_op(kind: UInt32(b.byte() % 7), section: Int32(b.byte() % 5) - 1,
                                            item: Int32(b.byte() % 14) - 1, to_section: Int32(b.byte() % 4),
                                            to_item: Int32(b.byte() % 14), reserved: 0, id: id))
            }
            st = ops.withUnsafeBufferPointer { gripper_apply_batch(engine, b.time(after: &now), $0.baseAddress, $0.count) }
        case 11:
            st = gripper_run_command(engine, b.time(after: &now), Int32(b.byte() % 10))
        case 12:
            st = gripper_set_focus(engine, b.time(after: &now), Int32(b.byte() % 5) - 1, Int32(b.byte() % 14) - 1)
        case 13:
            st = gripper_scroll_to(engine, b.time(after: &now), b.number(scale: 2000), Int32(b.byte() % 2))
        case 14:
            let which = b.byte()
            if which & 1 == 0 {
                st = gripper_resize(engine, b.time(after: &now), b.number(scale: 1000), b.number(scale: 1000))
            } else {
                // A layout change: any field bits (unknown ones too), any kind, numbers at the edges.
                var change = gripper_layout_change()
                gripper_layout_change_init(&change)
                if which & 2 != 0 { change.struct_size = UInt32(b.byte()) }
                change.fields = UInt32(b.byte()) | (which & 4 != 0 ? 1 << 20 : 0)
                change.kind = Int32(b.byte() % 4) - 1
                change.columns = Int32(b.byte() % 8) - 1
                change.minimum_item_width = b.number(scale: 200)
                change.row_height = b.number(scale: 100)
                change.inter_item_spacing = b.number(scale: 20)
                change.line_spacing = b.number(scale: 20)
                change.header_height = b.number(scale: 50)
                change.footer_height = b.number(scale: 50)
                st = which & 8 != 0 ? gripper_change_layout(engine, b.time(after: &now), nil)
                    : gripper_change_layout(engine, b.time(after: &now), &change)
            }
        case 15:
            st = gripper_cancel(engine, b.time(after: &now))
        case 16:
            var length = 0
            let cap = Int(b.byte()) % lines.count
            st = gripper_take_lines(engine, &lines, cap, &length)
            if st == GRIPPER_ERROR_BUFFER { check(length + 1 > cap, "BUFFER with room: \(length) in \(cap)") }
        case 17:
            var count = 0
            st = gripper_take_transitions(engine, &count)
            for k in 0..<count {
                var t = gripper_transition()
                check(gripper_transition_at(engine, k, &t) == GRIPPER_OK, "transition_at(\(k))")
                var changes = [gripper_change](repeating: gripper_change(), count: 4)
                var n = 0
                let cs = gripper_transition_changes(engine, k, &changes, changes.count, &n)
                check(cs == GRIPPER_OK || cs == GRIPPER_ERROR_BUFFER, "transition_changes: \(cs.rawValue)")
            }
        case 18:
            var length = 0
            var words = [CChar](repeating: 0, count: Int(b.byte()) + 1)
            st = gripper_take_announcement(engine, &words, words.count, &length)
        default:
            st = gripper_finish(engine)
        }
        check(knownStatus(st), "op \(op) returned \(st.rawValue)")
        checkWhole(engine)
    }
    return 0
}
