import CLibyaml

/// A YAML document as the system's libyaml reads it: the parser's events
/// composed into mappings (ordered key/value pairs), sequences and scalars,
/// each with the mark where it starts. What ``LibinputRecordParser`` reads
/// a libinput-record header, and an events list of an unusual layout, with;
/// no Foundation.
///
/// It composes as Yams (`compose(yaml:, .basic)`) did before it, so that the
/// errors and the values read did not change:
/// - Marks are 1-based, columns counted in Unicode scalars, as libyaml counts
///   them.
/// - Tags are not resolved to types: every untagged scalar, plain or quoted,
///   is a string (Yams's basic resolver), and a reader looks at the text and
///   the style (`~` plain is null, `"~"` is not). Tags only tell keys apart:
///   two keys are the same key when their kind, text (Swift's `==`) and tag
///   are; an untagged scalar has the tag `!!str`.
/// - A key that appears twice in one mapping is refused at the mapping's
///   end, at the first key's mark; the keys are named in the failure.
/// - An alias is the node its anchor named (the latest anchor of that name
///   whose node was complete before the alias), shared, not copied; an
///   undefined alias is refused at its mark ("found undefined alias").
/// - One document: none gives nil, a second is refused at its start ("but
///   found another document").
///
/// Bounds (Yams had none for the first, its bundled libyaml a nesting limit
/// for the second):
/// - The size of the document counted as if every alias were expanded, the
///   nodes a reader that walks it may visit, is at most
///   ``expansionLimit(forInputBytes:)``, 4 nodes for each byte of the text
///   plus 4,096; a text without aliases never comes near it (at most 1.5
///   nodes a byte). An alias past it is refused at its mark: a "billion
///   laughs" costs a failure, not time or memory.
/// - At most ``nestingLimit`` collections open at once; the one past it is
///   refused at its start. The tree lives in flat arrays, so neither its
///   composition nor its release recurses.
///
/// libyaml's events and parser are freed on every path, errors included.
final class YAMLDocument {
    /// A position in the text: 1-based line and column.
    struct Mark: Hashable, Sendable {
        var line: Int
        var column: Int
    }

    /// A scalar's style, as libyaml reports it.
    enum ScalarStyle: Hashable, Sendable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// Why a text is not one YAML document.
    struct Failure: Error, Hashable, Sendable {
        enum Reason: Hashable, Sendable {
            /// libyaml's own words ("mapping values are not allowed in this
            /// context"), or this composer's.
            case problem(String)
            /// The texts of keys that appear more than once in one mapping
            /// (`<uncovertable>`, as Yams spelt it, for a collection key).
            case duplicateKeys([String])
        }
        /// Where; nil for libyaml's reader and memory errors.
        var mark: Mark?
        var reason: Reason
    }

    /// The most collections open at once.
    static let nestingLimit = 1000

    /// The most nodes the document may count with every alias expanded
    /// (never past 2^30, so a node's index and size fit its 32-bit column).
    static func expansionLimit(forInputBytes bytes: Int) -> Int {
        min(4 * bytes + 4096, 1 << 30)
    }

    /// A node's kind, a scalar's with its style.
    fileprivate enum Kind: UInt8 {
        case plain, singleQuoted, doubleQuoted, literal, folded, sequence, mapping
    }

    // The nodes, a column each (a few bytes a node, no object per node, so
    // neither the tree's size nor its depth costs a recursion to free).
    fileprivate var kinds: [Kind] = []
    /// A scalar's index in `texts`; a collection's first child in `children`.
    fileprivate var firsts: [Int32] = []
    /// A collection's number of children (keys and values, for a mapping).
    fileprivate var counts: [Int32] = []
    /// Each node's index in `tags`; 0 is `!!str`.
    fileprivate var tagIndices: [Int32] = []
    fileprivate var lines: [Int32] = []
    fileprivate var columns: [Int32] = []
    /// Each node's size with its aliases expanded.
    fileprivate var sizes: [Int32] = []
    fileprivate var texts: [String] = []
    /// Every collection's children, one after another (a mapping's keys and
    /// values alternately).
    fileprivate var children: [Int32] = []
    fileprivate var tags: [String] = [YAMLDocument.stringTag]
    fileprivate var tagIndex: [String: Int32] = [YAMLDocument.stringTag: 0]
    fileprivate var rootIndex = 0

    fileprivate static let stringTag = "tag:yaml.org,2002:str"

    fileprivate func childRange(_ node: Int) -> Range<Int> {
        Int(firsts[node])..<Int(firsts[node] + counts[node])
    }

    fileprivate func mark(_ node: Int) -> Mark {
        Mark(line: Int(lines[node]), column: Int(columns[node]))
    }

    /// The scalar text of `node`; nil for a collection.
    fileprivate func text(_ node: Int) -> String? {
        kinds[node].rawValue < Kind.sequence.rawValue ? texts[Int(firsts[node])] : nil
    }

    fileprivate init() {}

    /// The document's root node.
    var root: YAMLNode { YAMLNode(document: self, index: rootIndex) }

    /// Composes `text`, which holds at most one document.
    /// - Returns: nil when the text holds no document (only comments or blanks).
    /// - Throws: ``Failure``: libyaml's scanner, parser or reader error, a
    ///   duplicate key, an undefined alias, a second document, or a bound
    ///   passed.
    /// - Complexity: O(n) in the text's length, time and memory.
    static func compose(_ text: String) throws(Failure) -> YAMLDocument? {
        let bytes = Array(text.utf8)
        // libyaml asserts its input is not NULL; an empty text holds no document.
        guard !bytes.isEmpty else { return nil }
        let result: Result<YAMLDocument?, Failure> = bytes.withUnsafeBufferPointer { buffer in
            let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
            defer { parser.deallocate() }
            guard yaml_parser_initialize(parser) == 1 else {
                return .failure(Failure(mark: nil, reason: .problem("Memory error")))
            }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            var composer = Composer(parser: parser, limit: expansionLimit(forInputBytes: buffer.count))
            do throws(Failure) {
                return .success(try composer.compose())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

// MARK: Composing

/// One libyaml event, copied out of the C structure (which is freed at once).
private enum Event {
    case streamStart, streamEnd, documentStart, documentEnd
    case alias(anchor: String)
    case scalar(text: String, anchor: String?, tag: String, style: YAMLDocument.ScalarStyle)
    case collectionStart(mapping: Bool, anchor: String?, tag: String)
    case collectionEnd
    case other
}

private struct Composer {
    let parser: UnsafeMutablePointer<yaml_parser_t>
    let limit: Int
    let document = YAMLDocument()
    /// Nodes counted so far with aliases expanded.
    var expanded = 0
    var anchors: [String: Int] = [:]

    /// A collection being composed.
    struct Open {
        var mapping: Bool
        var anchor: String?
        var tag: String
        var mark: YAMLDocument.Mark
        var expandedAtStart: Int
        /// Where its children start in `pending`.
        var pendingStart: Int
    }
    /// The children of the open collections, innermost last.
    var pending: [Int32] = []

    init(parser: UnsafeMutablePointer<yaml_parser_t>, limit: Int) {
        self.parser = parser
        self.limit = limit
    }

    /// The calls Yams's `compose` made, in its order: the stream's start,
    /// a document's start (or the stream's end: no document), its root, its
    /// end, and the stream's end (or a second document: refused).
    mutating func compose() throws(YAMLDocument.Failure) -> YAMLDocument? {
        _ = try next()
        if case .streamEnd = try next().event { return nil }
        document.rootIndex = try node()
        _ = try next()
        let (after, mark) = try next()
        if case .streamEnd = after {} else {
            throw YAMLDocument.Failure(mark: mark, reason: .problem("but found another document"))
        }
        return document
    }

    /// The next event, or libyaml's error.
    mutating func next() throws(YAMLDocument.Failure) -> (event: Event, mark: YAMLDocument.Mark) {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw failure() }
        defer { yaml_event_delete(&event) }
        let mark = YAMLDocument.Mark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_STREAM_START_EVENT: return (.streamStart, mark)
        case YAML_STREAM_END_EVENT: return (.streamEnd, mark)
        case YAML_DOCUMENT_START_EVENT: return (.documentStart, mark)
        case YAML_DOCUMENT_END_EVENT: return (.documentEnd, mark)
        case YAML_ALIAS_EVENT:
            return (.alias(anchor: string(event.data.alias.anchor) ?? ""), mark)
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            // One leading U+FEFF (a BOM) is dropped, as Foundation's
            // `String(bytes:encoding:)` did for Yams: `"\u{FEFF}Dev"` is `Dev`.
            var bytes = UnsafeBufferPointer(start: s.value, count: s.length)
            if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                bytes = UnsafeBufferPointer(rebasing: bytes[3...])
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let tag = s.quoted_implicit != 0 ? YAMLDocument.stringTag : resolved(string(s.tag), default: YAMLDocument.stringTag)
            let style: YAMLDocument.ScalarStyle
            switch s.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            return (.scalar(text: text, anchor: string(s.anchor), tag: tag, style: style), mark)
        case YAML_SEQUENCE_START_EVENT:
            let s = event.data.sequence_start
            let tag = resolved(s.implicit != 0 ? nil : string(s.tag), default: "tag:yaml.org,2002:seq")
            return (.collectionStart(mapping: false, anchor: string(s.anchor), tag: tag), mark)
        case YAML_MAPPING_START_EVENT:
            let m = event.data.mapping_start
            let tag = resolved(m.implicit != 0 ? nil : string(m.tag), default: "tag:yaml.org,2002:map")
            return (.collectionStart(mapping: true, anchor: string(m.anchor), tag: tag), mark)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: return (.collectionEnd, mark)
        default: return (.other, mark)
        }
    }

    /// A tag as Yams resolved it: none, empty or `!` is the kind's default.
    private func resolved(_ tag: String?, default: String) -> String {
        guard let tag, !tag.isEmpty, tag != "!" else { return `default` }
        return tag
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// libyaml's error, as Yams reported it: the problem, at its mark for the
    /// scanner and the parser.
    private func failure() -> YAMLDocument.Failure {
        let p = parser.pointee
        let problem = p.problem.map { String(cString: $0) } ?? "unknown problem"
        switch p.error {
        case YAML_MEMORY_ERROR: return .init(mark: nil, reason: .problem("Memory error"))
        case YAML_READER_ERROR: return .init(mark: nil, reason: .problem(problem))
        default:
            let mark = YAMLDocument.Mark(line: Int(p.problem_mark.line) + 1, column: Int(p.problem_mark.column) + 1)
            return .init(mark: mark, reason: .problem(problem))
        }
    }

    /// Composes one node, its first event next, without recursion.
    /// - Returns: its index.
    mutating func node() throws(YAMLDocument.Failure) -> Int {
        var stack: [Open] = []
        while true {
            let (event, mark) = try next()
            let completed: Int
            switch event {
            case .scalar(let text, let anchor, let tag, let style):
                try count(1, at: mark)
                let kind: YAMLDocument.Kind
                switch style {
                case .plain: kind = .plain
                case .singleQuoted: kind = .singleQuoted
                case .doubleQuoted: kind = .doubleQuoted
                case .literal: kind = .literal
                case .folded: kind = .folded
                }
                document.texts.append(text)
                completed = add(kind, first: document.texts.count - 1, count: 0, tag: tag, mark: mark, size: 1)
                if let anchor { anchors[anchor] = completed }
            case .alias(let anchor):
                guard let target = anchors[anchor] else {
                    throw YAMLDocument.Failure(mark: mark, reason: .problem("found undefined alias"))
                }
                try count(Int(document.sizes[target]), at: mark)
                completed = target
            case .collectionStart(let mapping, let anchor, let tag):
                guard stack.count < YAMLDocument.nestingLimit else {
                    throw YAMLDocument.Failure(mark: mark, reason: .problem(
                        "collections nested more than \(YAMLDocument.nestingLimit) deep"))
                }
                try count(1, at: mark)
                stack.append(Open(mapping: mapping, anchor: anchor, tag: tag, mark: mark,
                                  expandedAtStart: expanded - 1, pendingStart: pending.count))
                continue
            case .collectionEnd:
                let open = stack.removeLast()
                let first = document.children.count
                document.children += pending[open.pendingStart...]
                pending.removeSubrange(open.pendingStart...)
                completed = add(open.mapping ? .mapping : .sequence, first: first, count: document.children.count - first,
                                tag: open.tag, mark: open.mark, size: expanded - open.expandedAtStart)
                if open.mapping { try checkKeys(of: completed) }
                if let anchor = open.anchor { anchors[anchor] = completed }
            case .streamStart, .streamEnd, .documentStart, .documentEnd, .other:
                throw YAMLDocument.Failure(mark: mark, reason: .problem("unexpected event"))
            }
            guard !stack.isEmpty else { return completed }
            pending.append(Int32(completed))
        }
    }

    /// Counts `n` more nodes of the expanded document, refusing them past the limit.
    private mutating func count(_ n: Int, at mark: YAMLDocument.Mark) throws(YAMLDocument.Failure) {
        expanded += n
        guard expanded <= limit else {
            throw YAMLDocument.Failure(mark: mark, reason: .problem(
                "aliases expand this YAML past \(limit) nodes (4 for each byte of its text, plus 4096)"))
        }
    }

    private mutating func add(_ kind: YAMLDocument.Kind, first: Int, count: Int, tag: String,
                              mark: YAMLDocument.Mark, size: Int) -> Int {
        let d = document
        let tagIndex: Int32
        if let known = d.tagIndex[tag] {
            tagIndex = known
        } else {
            tagIndex = Int32(d.tags.count)
            d.tags.append(tag)
            d.tagIndex[tag] = tagIndex
        }
        d.kinds.append(kind)
        d.firsts.append(Int32(first))
        d.counts.append(Int32(count))
        d.tagIndices.append(tagIndex)
        d.lines.append(Int32(clamping: mark.line))
        d.columns.append(Int32(clamping: mark.column))
        d.sizes.append(Int32(clamping: size))
        return d.kinds.count - 1
    }

    /// A key as Yams compared keys: a scalar by tag and text, a collection
    /// by its structure (``Shapes``).
    private enum Key: Hashable {
        case scalar(tag: Int32, text: String)
        case collection(Int)
    }

    /// The structural identities of the collections used as keys.
    private var shapes = Shapes()

    /// Refuses a mapping whose keys repeat, at the first occurrence of the
    /// repeated key Yams would have named first.
    private mutating func checkKeys(of mapping: Int) throws(YAMLDocument.Failure) {
        let d = document
        var seen: [Key: (first: Int, count: Int)] = [:]
        for k in stride(from: d.childRange(mapping).lowerBound, to: d.childRange(mapping).upperBound, by: 2) {
            let node = Int(d.children[k])
            let key: Key
            if let text = d.text(node) {
                key = .scalar(tag: d.tagIndices[node], text: text)
            } else {
                key = .collection(shapes.identity(of: node, in: d))
            }
            seen[key, default: (node, 0)].count += 1
        }
        let repeated = seen.values.filter { $0.count > 1 }.map(\.first)
        guard !repeated.isEmpty else { return }
        // Scalar keys in text order (ties in file order), then collection keys.
        let ordered = repeated.sorted { a, b in
            switch (d.text(a), d.text(b)) {
            case let (x?, y?): return x < y || (x == y && a < b)
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }
        throw YAMLDocument.Failure(mark: d.mark(ordered[0]),
                                   reason: .duplicateKeys(ordered.map { d.text($0) ?? "<uncovertable>" }))
    }
}

/// Structural identities of nodes, computed when a collection is a key:
/// two nodes get the same number when they are equal as Yams's nodes were
/// (same kind and tag; same text, or equal items or pairs in order). Each
/// node is visited once, whatever aliases share it, without recursion.
private struct Shapes {
    private enum Shape: Hashable {
        case scalar(tag: Int32, text: String)
        case collection(tag: Int32, mapping: Bool, items: [Int])
    }
    private var numbers: [Shape: Int] = [:]
    private var known: [Int: Int] = [:]

    mutating func identity(of root: Int, in d: YAMLDocument) -> Int {
        var stack: [(node: Int, childrenDone: Bool)] = [(root, false)]
        while let (node, childrenDone) = stack.popLast() {
            guard known[node] == nil else { continue }
            let shape: Shape
            if let text = d.text(node) {
                shape = .scalar(tag: d.tagIndices[node], text: text)
            } else if !childrenDone {
                stack.append((node, true))
                for c in d.childRange(node) where known[Int(d.children[c])] == nil {
                    stack.append((Int(d.children[c]), false))
                }
                continue
            } else {
                shape = .collection(tag: d.tagIndices[node], mapping: d.kinds[node] == .mapping,
                                    items: d.childRange(node).map { known[Int(d.children[$0])]! })
            }
            let number = numbers[shape] ?? numbers.count
            numbers[shape] = number
            known[node] = number
        }
        return known[root]!
    }
}

// MARK: Reading

/// A node of a ``YAMLDocument``.
struct YAMLNode {
    fileprivate let document: YAMLDocument
    fileprivate let index: Int

    /// Where the node starts (for an alias: where its anchor's node starts).
    var mark: YAMLDocument.Mark { document.mark(index) }

    /// The node's text and style when it is a scalar.
    var scalar: (string: String, style: YAMLDocument.ScalarStyle)? {
        let style: YAMLDocument.ScalarStyle
        switch document.kinds[index] {
        case .plain: style = .plain
        case .singleQuoted: style = .singleQuoted
        case .doubleQuoted: style = .doubleQuoted
        case .literal: style = .literal
        case .folded: style = .folded
        case .sequence, .mapping: return nil
        }
        return (document.texts[Int(document.firsts[index])], style)
    }

    /// The node's items when it is a sequence.
    var sequence: YAMLSequence? {
        document.kinds[index] == .sequence ? YAMLSequence(document: document, range: document.childRange(index)) : nil
    }

    /// The node's pairs when it is a mapping.
    var mapping: YAMLMapping? {
        document.kinds[index] == .mapping ? YAMLMapping(document: document, range: document.childRange(index)) : nil
    }
}

/// A sequence's items, in order.
struct YAMLSequence: RandomAccessCollection {
    fileprivate let document: YAMLDocument
    /// Its items in the document's `children`.
    fileprivate let range: Range<Int>

    var startIndex: Int { 0 }
    var endIndex: Int { range.count }
    subscript(position: Int) -> YAMLNode {
        YAMLNode(document: document, index: Int(document.children[range.lowerBound + position]))
    }
}

/// A mapping's pairs, in order.
struct YAMLMapping: RandomAccessCollection {
    fileprivate let document: YAMLDocument
    /// Its keys and values, alternately, in the document's `children`.
    fileprivate let range: Range<Int>

    var startIndex: Int { 0 }
    var endIndex: Int { range.count / 2 }
    subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) {
        let i = range.lowerBound + 2 * position
        return (YAMLNode(document: document, index: Int(document.children[i])),
                YAMLNode(document: document, index: Int(document.children[i + 1])))
    }

    /// The value of the key that is the untagged (or `!!str`) scalar `key`
    /// (the last, as Yams looked it up); nil when there is none.
    /// - Complexity: O(pairs).
    subscript(key: String) -> YAMLNode? {
        var i = range.upperBound - 2
        while i >= range.lowerBound {
            let k = Int(document.children[i])
            if document.tagIndices[k] == 0, let text = document.text(k), text == key {
                return YAMLNode(document: document, index: Int(document.children[i + 1]))
            }
            i -= 2
        }
        return nil
    }
}
