import GripperInput

/// The first pass over a libinput-record file: checks that it is text, finds
/// each `events:` block by indentation, and keeps everything else — the
/// header, bounded by ``LibinputRecordFormat/headerLimit`` — for libyaml. The
/// blocks, nearly all of a file, stay in the file; ``LibinputEventsParser``
/// reads them from there.
package struct LibinputRecordScan {
    /// One `events:` block: the key's line and indentation, the lines below
    /// it and their bytes in the file.
    package struct Block: Sendable {
        package var keyLine: Int
        package var keyIndent: Int
        package var firstLine: Int
        package var lastLine: Int
        package var start: Int
        package var end: Int
        /// The key's line in ``LibinputRecordScan/header``.
        package var keyHeaderLine: Int
        /// The number of the file's lines the block holds.
        package var lineCount: Int { lastLine - firstLine + 1 }
    }

    /// The file without its blocks' lines.
    package private(set) var header: [UInt8] = []
    /// The blocks, in file order.
    package private(set) var blocks: [Block] = []
    /// Whether the file holds anything but blanks.
    package private(set) var hasContent = false
    private var headerLines = 0

    /// The file's line of a line of ``header``.
    /// - Complexity: O(log blocks).
    package func fileLine(ofHeaderLine h: Int) -> Int {
        // Blocks whose key comes before line h shift it by their lines.
        var lo = 0, hi = blocks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if blocks[mid].keyHeaderLine < h { lo = mid + 1 } else { hi = mid }
        }
        return h + (lo == 0 ? 0 : shifts[lo - 1])
    }

    /// Running totals of the block lines left out of the header.
    private var shifts: [Int] = []

    /// Scans the whole of `source`.
    /// - Throws: ``TraceError``: binary data (naming the line and column), or
    ///   a header larger than ``LibinputRecordFormat/headerLimit``.
    /// - Complexity: O(n) in the file's size; memory O(header).
    package init(source: any TraceByteSource, file: String) throws(TraceError) {
        let window = LineWindow(source: source)
        var line = 0
        var open: Block?
        while true {
            if window.position >= window.limit {
                guard try window.refill() else { break }
            }
            let buffer = UnsafeBufferPointer(start: UnsafePointer(window.base), count: window.limit)
            let n = window.limit
            var i = window.position
            // The text check, eight plain ASCII bytes at a time.
            try Self.checkText(buffer, from: i, to: n, firstLine: line + 1, file: file)
            while i < n {
                line += 1
                let lineStart = i
                var indent = 0
                while i < n && buffer[i] == 0x20 { indent += 1; i += 1 }
                let contentStart = i
                i = LibinputEventsParser.newline(in: buffer, from: i, to: n)
                var contentEnd = i
                while contentEnd > contentStart && (buffer[contentEnd - 1] == 0x20 || buffer[contentEnd - 1] == 0x0D) { contentEnd -= 1 }
                let next = Swift.min(i + 1, n)
                i = next
                let empty = contentStart == contentEnd
                if !hasContent && !empty {
                    hasContent = !buffer[contentStart..<contentEnd].allSatisfy { $0 == 0x09 || $0 == 0x0D }
                }
                let comment = !empty && buffer[contentStart] == 0x23
                if var block = open {
                    let dash = contentEnd - contentStart >= 2 && buffer[contentStart] == 0x2D && buffer[contentStart + 1] == 0x20
                    if empty || comment || indent > block.keyIndent || (indent == block.keyIndent && dash) {
                        block.end = window.offset(of: next)
                        block.lastLine = line
                        open = block
                        continue
                    }
                    close(block)
                    open = nil
                }
                if Self.isEventsKey(buffer, contentStart, contentEnd) {
                    open = Block(keyLine: line, keyIndent: indent, firstLine: line + 1, lastLine: line,
                                 start: window.offset(of: next), end: window.offset(of: next), keyHeaderLine: headerLines + 1)
                }
                header.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[lineStart..<next]))
                if next == n && buffer[next - 1] != 0x0A { header.append(0x0A) }
                headerLines += 1
                if header.count > LibinputRecordFormat.headerLimit {
                    throw TraceError(file: file, line: line, reason: .tooLarge(
                        "the YAML outside the events lists is larger than \(LibinputRecordFormat.headerLimit >> 10) KiB; "
                        + "Gripper reads events only in libinput record's own layout (an 'events:' key, then '- evdev:' frames of rows)"))
                }
            }
            window.position = i
        }
        if let block = open { close(block) }
    }

    private mutating func close(_ block: Block) {
        blocks.append(block)
        shifts.append((shifts.last ?? 0) + Swift.max(0, block.lineCount))
    }

    /// Rejects control bytes (other than tab, CR and LF) and invalid UTF-8.
    private static func checkText(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                                  firstLine: Int, file: String) throws(TraceError) {
        guard let base = buffer.baseAddress else { return }
        var nonASCII = false
        var i = start
        while i < end {
            if i + 8 <= end {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if ((w &- 0x2020_2020_2020_2020) | w | (w &+ 0x0101_0101_0101_0101)) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
            }
            let c = buffer[i]
            if (c < 0x20 && c != 0x0A && c != 0x09 && c != 0x0D) || c == 0x7F {
                throw located(buffer, start: start, index: i, firstLine: firstLine, file: file)
            }
            // A CR alone, NEL, LS or PS: libyaml counts each as a line break,
            // the line numbers of the two parsers would part.
            if c == 0x0D && i + 1 < end && buffer[i + 1] != 0x0A
                || c == 0xC2 && i + 1 < end && buffer[i + 1] == 0x85
                || c == 0xE2 && i + 2 < end && buffer[i + 1] == 0x80 && (buffer[i + 2] == 0xA8 || buffer[i + 2] == 0xA9) {
                var error = located(buffer, start: start, index: i, firstLine: firstLine, file: file)
                error.reason = .malformed(expected: "lines that end with '\\n' (a lone CR, NEL, U+2028 or U+2029 is not read)",
                                          found: c == 0x0D ? "CR" : c == 0xC2 ? "U+0085" : buffer[i + 2] == 0xA8 ? "U+2028" : "U+2029")
                throw error
            }
            if c >= 0x80 { nonASCII = true }
            i += 1
        }
        guard nonASCII, String(validating: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self) == nil else { return }
        // Find the line: the first line that does not decode.
        var lineStart = start
        while lineStart < end {
            let lineEnd = LibinputEventsParser.newline(in: buffer, from: lineStart, to: end)
            if String(validating: UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd]), as: UTF8.self) == nil {
                throw located(buffer, start: start, index: lineStart, firstLine: firstLine, file: file)
            }
            lineStart = lineEnd + 1
        }
    }

    private static func located(_ buffer: UnsafeBufferPointer<UInt8>, start: Int, index: Int, firstLine: Int,
                                file: String) -> TraceError {
        var line = firstLine
        var lineStart = start
        for i in start..<index where buffer[i] == 0x0A { line += 1; lineStart = i + 1 }
        return TraceError(file: file, line: line, column: index - lineStart + 1, reason: .binaryData)
    }

    /// Whether the line is exactly `events:` (maybe with a comment).
    private static func isEventsKey(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let key: StaticString = "events:"
        guard end - start >= key.utf8CodeUnitCount else { return false }
        let k = key.utf8Start
        for n in 0..<key.utf8CodeUnitCount where bytes[start + n] != k[n] { return false }
        var j = start + key.utf8CodeUnitCount
        while j < end && bytes[j] == 0x20 { j += 1 }
        return j == end || bytes[j] == 0x23
    }
}
