import GripperTraces
import GripperInput

/// The reader behind ``LibinputRecordFormat``: a first pass
/// (``LibinputRecordScan``) sets each `events:` block aside and keeps the rest
/// — the header — for ``YAMLDocument`` (libyaml); each device's block is then
/// checked by the byte-level ``LibinputEventsParser`` and read again, frame by
/// frame, when the device's reader asks. A block in another layout (flow
/// style, anchors …) goes to ``YAMLDocument`` when it is small
/// (``LibinputRecordFormat/yamlEventsLimit``).
final class LibinputRecordParser {
    /// One device of the file, checked.
    struct Device {
        var description: DeviceDescription
        var metadata: TraceMetadata
        var warnings: [TraceWarning]
        var events: Events

        /// Where a device's events are.
        enum Events {
            /// None: no `events:` key, or an empty list.
            case none
            /// In a block of the file, read again when asked.
            case block(LibinputRecordScan.Block)
            /// Read already.
            case memory([RawEvent])
        }
    }

    private let source: any TraceByteSource
    private let file: String
    /// The file's line of a line of the YAML text being read.
    private var mapLine: (Int) -> Int = { $0 }

    init(source: any TraceByteSource, file: String) {
        self.source = source
        self.file = file
    }

    /// Reads the header and checks every device's events; with `collect`, the
    /// events are kept in memory (`.memory`), else left in the file (`.block`).
    /// - Complexity: O(n) in the file's size; memory O(header) without `collect`.
    func devices(collect: Bool) throws(TraceError) -> [Device] {
        let scan = try LibinputRecordScan(source: source, file: file)
        guard scan.hasContent else { throw TraceError(file: file, reason: .emptyFile) }
        mapLine = { scan.fileLine(ofHeaderLine: $0) }
        let root = try compose(String(decoding: scan.header, as: UTF8.self))
        var blocks: [Int: LibinputRecordScan.Block] = [:]
        for block in scan.blocks { blocks[block.keyLine] = block }
        return try devices(from: root, blocks: blocks, collect: collect)
    }

    /// A reader of `device`'s frames.
    func reader(_ device: Device) -> TraceFrameReader {
        let producer: any FrameProducer
        switch device.events {
        case .none:
            producer = InMemoryFrameProducer(events: [], warnings: TraceWarningLog(file: file))
        case .memory(let events):
            producer = InMemoryFrameProducer(events: events, warnings: TraceWarningLog(file: file))
        case .block(let block):
            producer = LibinputEventsParser(source: source, file: file, firstLine: block.firstLine,
                                            start: block.start, end: block.end)
        }
        return TraceFrameReader(fileName: file, device: device.description, metadata: device.metadata,
                                producer: producer, earlierWarnings: device.warnings)
    }

    // MARK: Events

    /// Checks a block's events (and keeps them with `collect`); a block in a
    /// layout the byte-level parser does not know is read as YAML when small.
    private func checkedEvents(_ block: LibinputRecordScan.Block, path: String,
                               collect: Bool) throws(TraceError) -> (Device.Events, skipped: Int) {
        let parser = LibinputEventsParser(source: source, file: file, firstLine: block.firstLine,
                                          start: block.start, end: block.end)
        var events: [RawEvent] = []
        do {
            while let (frame, complete) = try parser.nextFrameOrFailure() {
                guard collect else { continue }
                events += frame.events
                if complete { events.append(RawEvent(time: frame.time, type: EventType.syn, code: SynCode.report, value: frame.reportValue)) }
            }
        } catch {
            switch error {
            case .trace(let e):
                throw e
            case .unknownLayout(let line, let text):
                let size = block.end - block.start
                guard size <= LibinputRecordFormat.yamlEventsLimit else {
                    throw TraceError(file: file, line: line, reason: .tooLarge(
                        "'\(TraceError.excerpt(text))' is not libinput record's own layout for events ('- evdev:' frames of "
                        + "'- [sec, usec, type, code, value]' rows); other layouts are read only in events lists up to "
                        + "\(LibinputRecordFormat.yamlEventsLimit >> 10) KiB, and this one is \(kibibytes(size)) KiB"))
                }
                let (yamlEvents, skipped) = try composedEvents(block, path: path)
                return (.memory(yamlEvents), skipped)
            }
        }
        return (collect ? .memory(events) : .block(block), parser.skipped)
    }

    /// `bytes` in KiB, rounded up (so a list one byte over the limit never
    /// reads as the limit).
    private func kibibytes(_ bytes: Int) -> String {
        String((bytes + 1023) >> 10)
    }

    /// A small block read as YAML: its text, under its `events:` key.
    private func composedEvents(_ block: LibinputRecordScan.Block, path: String) throws(TraceError) -> ([RawEvent], Int) {
        var bytes = [UInt8](repeating: 0x20, count: block.keyIndent) + Array("events:\n".utf8)
        let prefix = bytes.count
        bytes += [UInt8](repeating: 0, count: block.end - block.start)
        var copied = 0
        while copied < block.end - block.start {
            let n: Int
            do {
                n = try bytes.withUnsafeMutableBytes { raw in
                    try source.read(at: block.start + copied, into: UnsafeMutableRawBufferPointer(rebasing: raw[(prefix + copied)...]))
                }
            } catch {
                // `withUnsafeMutableBytes` rethrows untyped; only the source's TraceError comes out.
                throw error as! TraceError
            }
            guard n > 0 else { throw TraceError(file: file, line: block.lastLine, reason: .io("the file changed while it was read")) }
            copied += n
        }
        let saved = mapLine
        defer { mapLine = saved }
        mapLine = { $0 + block.keyLine - 1 }
        let root = try compose(String(decoding: bytes, as: UTF8.self))
        guard let node = root.mapping?["events"], !isNull(node) else { return ([], 0) }
        return try yamlEvents(node, path)
    }

    private func yamlEvents(_ node: YAMLNode, _ path: String) throws(TraceError) -> ([RawEvent], Int) {
        let frames = try sequence(node, path)
        var events: [RawEvent] = []
        var skipped = 0
        var previous = Int64.min
        for (f, frame) in frames.enumerated() {
            let m = try mapping(frame, "\(path)[\(f)]")
            guard let evdev = m["evdev"] else { skipped += 1; continue }
            let rows = try sequence(evdev, "\(path)[\(f)].evdev")
            for (r, row) in rows.enumerated() {
                let rowPath = "\(path)[\(f)].evdev[\(r)]"
                let numbers = try integers(row, rowPath)
                guard numbers.count == 5 else {
                    throw fail(row, rowPath, .wrongShape(expected: "[sec, usec, type, code, value] (5 integers), found \(numbers.count)"))
                }
                events.append(try LibinputEventsParser.validatedEvent(
                    sec: numbers[0], usec: numbers[1], type: numbers[2], code: numbers[3], value: numbers[4],
                    previous: &previous, file: file, line: mapLine(row.mark.line), column: row.mark.column, path: rowPath))
            }
        }
        return (events, skipped)
    }

    // MARK: YAML

    /// The text's one document; a located ``/GripperTraces/TraceError`` when
    /// it is not valid YAML (never quoting the text whole), `emptyFile` when
    /// it holds none.
    private func compose(_ text: String) throws(TraceError) -> YAMLNode {
        let document: YAMLDocument?
        do {
            document = try YAMLDocument.compose(text)
        } catch {
            let line = error.mark.map { mapLine($0.line) }
            switch error.reason {
            case .problem(let problem):
                throw TraceError(file: file, line: line, column: error.mark?.column, reason: .invalidYAML(problem))
            case .duplicateKeys(let duplicates):
                let keys = duplicates.sorted().map { "'\(TraceError.excerpt($0))'" }.joined(separator: ", ")
                throw TraceError(file: file, line: line, column: error.mark?.column,
                                 reason: .invalidYAML("a key appears twice in one mapping: \(keys)"))
            }
        }
        guard let document else { throw TraceError(file: file, reason: .emptyFile) }
        return document.root
    }

    private func fail(_ node: YAMLNode?, _ path: String, _ reason: TraceError.Reason) -> TraceError {
        TraceError(file: file, line: node.map { mapLine($0.mark.line) }, column: node?.mark.column, path: path, reason: reason)
    }

    private func mapping(_ node: YAMLNode?, _ path: String) throws(TraceError) -> YAMLMapping {
        guard let node else { throw fail(nil, path, .missingKey(path)) }
        guard let m = node.mapping else { throw fail(node, path, .wrongShape(expected: "a mapping")) }
        return m
    }

    private func sequence(_ node: YAMLNode?, _ path: String) throws(TraceError) -> YAMLSequence {
        guard let node else { throw fail(nil, path, .missingKey(path)) }
        guard let s = node.sequence else { throw fail(node, path, .wrongShape(expected: "a list")) }
        return s
    }

    private func string(_ node: YAMLNode?, _ path: String) throws(TraceError) -> String {
        guard let node else { throw fail(nil, path, .missingKey(path)) }
        guard let s = node.scalar?.string else { throw fail(node, path, .wrongShape(expected: "a string")) }
        return s
    }

    private func integer(_ node: YAMLNode?, _ path: String) throws(TraceError) -> Int64 {
        guard let node else { throw fail(nil, path, .missingKey(path)) }
        guard let s = node.scalar?.string else { throw fail(node, path, .wrongShape(expected: "an integer")) }
        let digits = s.hasPrefix("+") ? String(s.dropFirst()) : s
        guard let v = Int64(digits) else { throw fail(node, path, .malformed(expected: "an integer", found: TraceError.excerpt(s))) }
        return v
    }

    private func integers(_ node: YAMLNode?, _ path: String) throws(TraceError) -> [Int64] {
        let s = try sequence(node, path)
        var out: [Int64] = []
        for (i, item) in s.enumerated() { out.append(try integer(item, "\(path)[\(i)]")) }
        return out
    }

    /// Whether a node is YAML null (`~`, `null`, or nothing). Tags are not
    /// resolved, so this checks the text of a plain scalar.
    private func isNull(_ node: YAMLNode?) -> Bool {
        guard let node else { return true }
        guard let scalar = node.scalar, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// A string value; nil when absent, null or `unknown` (what the tool
    /// writes when it cannot find a value).
    private func optionalString(_ node: YAMLNode?) -> String? {
        guard let s = node?.scalar, !isNull(node), s.string != "unknown" else { return nil }
        return s.string
    }

    // MARK: Devices

    private func devices(from root: YAMLNode, blocks: [Int: LibinputRecordScan.Block],
                         collect: Bool) throws(TraceError) -> [Device] {
        let top = try mapping(root, "(document)")
        let versionNode = top["version"]
        let version = try integer(versionNode, "version")
        guard version == Int64(LibinputRecordFormat.formatVersion) else {
            throw fail(versionNode, "version", .unsupportedVersion(String(version)))
        }
        var base = TraceMetadata(formatVersion: String(version))
        if let libinput = top["libinput"], !isNull(libinput) {
            let m = try mapping(libinput, "libinput")
            base.libinputVersion = optionalString(m["version"])
            base.libinputGit = optionalString(m["git"])
        }
        if let system = top["system"], !isNull(system) {
            let m = try mapping(system, "system")
            base.os = optionalString(m["os"])
            base.kernel = optionalString(m["kernel"])
            base.dmi = optionalString(m["dmi"])
        }
        let devices = try sequence(top["devices"], "devices")
        if let ndevices = top["ndevices"] {
            let n = try integer(ndevices, "ndevices")
            if n != Int64(devices.count) {
                throw fail(ndevices, "ndevices", .malformed(expected: "ndevices equal to the \(devices.count) entries of devices", found: String(n)))
            }
        }
        var result: [Device] = []
        for (d, deviceNode) in devices.enumerated() {
            let path = "devices[\(d)]"
            let entry = try mapping(deviceNode, path)
            var metadata = base
            metadata.deviceNode = optionalString(entry["node"])
            let device = try description(entry["evdev"], "\(path).evdev")
            if let udev = entry["udev"], !isNull(udev) {
                let m = try mapping(udev, "\(path).udev")
                if let props = m["properties"], !isNull(props) {
                    let list = try sequence(props, "\(path).udev.properties")
                    for (i, p) in list.enumerated() { metadata.udevProperties.append(try string(p, "\(path).udev.properties[\(i)]")) }
                }
            }
            if let quirks = entry["quirks"], !isNull(quirks) {
                let list = try sequence(quirks, "\(path).quirks")
                for (i, q) in list.enumerated() { metadata.quirks.append(try string(q, "\(path).quirks[\(i)]")) }
            }
            var events = Device.Events.none
            var skipped = 0
            let eventsKeyLine = entry.first(where: { $0.key.scalar?.string == "events" }).map { mapLine($0.key.mark.line) }
            if let line = eventsKeyLine, let block = blocks[line] {
                (events, skipped) = try checkedEvents(block, path: "\(path).events", collect: collect)
            } else if let eventsNode = entry["events"], !isNull(eventsNode) {
                let (list, count) = try yamlEvents(eventsNode, "\(path).events")
                events = .memory(list)
                skipped = count
            }
            var warnings: [TraceWarning] = []
            if skipped > 0 {
                warnings.append(TraceWarning(file: file, line: eventsKeyLine,
                                             message: "\(skipped) non-evdev entries (libinput or hidraw) in \(path).events skipped"))
            }
            result.append(Device(description: device, metadata: metadata, warnings: warnings, events: events))
        }
        return result
    }

    private func description(_ node: YAMLNode?, _ path: String) throws(TraceError) -> DeviceDescription {
        let m = try mapping(node, path)
        let name = try string(m["name"], "\(path).name")
        let idNode = m["id"]
        let id = try integers(idNode, "\(path).id")
        guard id.count == 4 else { throw fail(idNode, "\(path).id", .wrongShape(expected: "[bustype, vendor, product, version]")) }
        for (i, v) in id.enumerated() where v < 0 || v > 0xFFFF {
            throw fail(idNode, "\(path).id[\(i)]", .numberOutOfRange(field: "id", value: String(v), range: "0...65535"))
        }
        var device = DeviceDescription(name: name, id: DeviceID(bustype: UInt16(id[0]), vendor: UInt16(id[1]),
                                                                product: UInt16(id[2]), version: UInt16(id[3])))
        if let codes = m["codes"], !isNull(codes) {
            let cm = try mapping(codes, "\(path).codes")
            for (key, value) in cm {
                let typePath = "\(path).codes.\(key.scalar?.string ?? "?")"
                let type = try integer(key, typePath)
                guard type >= 0, type <= Int64(EventType.max), let max = EventCodes.maxCode(type: UInt16(type)) else {
                    throw fail(key, typePath, .unknownEventType(UInt64(bitPattern: type)))
                }
                var set = Set<UInt16>()
                for code in try integers(value, typePath) {
                    guard code >= 0, code <= Int64(max) else {
                        throw fail(value, typePath, .unknownEventCode(type: UInt16(type), code: UInt64(bitPattern: code)))
                    }
                    set.insert(UInt16(code))
                }
                device.codes[UInt16(type)] = set
            }
        }
        if let absinfo = m["absinfo"], !isNull(absinfo) {
            let am = try mapping(absinfo, "\(path).absinfo")
            for (key, value) in am {
                let codePath = "\(path).absinfo.\(key.scalar?.string ?? "?")"
                let code = try integer(key, codePath)
                guard code >= 0, code <= Int64(AbsCode.max) else {
                    throw fail(key, codePath, .unknownEventCode(type: EventType.abs, code: UInt64(bitPattern: code)))
                }
                let n = try integers(value, codePath)
                guard n.count == 5 || n.count == 4 else {
                    throw fail(value, codePath, .wrongShape(expected: "[min, max, fuzz, flat, resolution]"))
                }
                for v in n where v < Int64(Int32.min) || v > Int64(Int32.max) {
                    throw fail(value, codePath, .numberOutOfRange(field: "axis value", value: String(v), range: "\(Int32.min)...\(Int32.max)"))
                }
                device.absInfo[UInt16(code)] = AbsInfo(minimum: Int32(n[0]), maximum: Int32(n[1]), fuzz: Int32(n[2]),
                                                       flat: Int32(n[3]), resolution: n.count > 4 ? Int32(n[4]) : 0)
            }
        }
        if let properties = m["properties"], !isNull(properties) {
            for p in try integers(properties, "\(path).properties") {
                guard p >= 0, p <= Int64(InputProperty.max) else {
                    throw fail(properties, "\(path).properties", .numberOutOfRange(field: "property", value: String(p), range: "0...31"))
                }
                device.properties.insert(UInt16(p))
            }
        }
        return device
    }
}
