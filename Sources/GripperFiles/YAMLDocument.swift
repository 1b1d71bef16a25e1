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

    /// The most nodes the document may count with every alias expanded.
    static func expansionLimit(forInputBytes bytes: Int) -> Int {
        4 * bytes + 4096
    }

    fileprivate enum Content {
        case scalar(String, ScalarStyle)
        case sequence([Int])
        /// Keys and values, alternately.
        case mapping([Int])
    }

    fileprivate var contents: [Content] = []
    fileprivate var marks: [Mark] = []
    /// Each node's structural identity: equal for nodes equal as keys.
    fileprivate var identities: [Int] = []
    /// Each node's size with its aliases expanded.
    fileprivate var sizes: [Int] = []
    /// The identity of each distinct node shape.
    fileprivate var shapes: [Shape: Int] = [:]
    fileprivate var rootIndex = 0

    fileprivate enum Shape: Hashable {
        case scalar(tag: String, text: String)
        case sequence(tag: String, items: [Int])
        case mapping(tag: String, pairs: [Int])
    }

    fileprivate static let stringTag = "tag:yaml.org,2002:str"

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
        var children: [Int] = []
    }

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
            let text = String(decoding: UnsafeBufferPointer(start: s.value, count: s.length), as: UTF8.self)
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
                completed = add(.scalar(text, style), mark: mark, size: 1, shape: .scalar(tag: tag, text: text))
                if let anchor { anchors[anchor] = completed }
            case .alias(let anchor):
                guard let target = anchors[anchor] else {
                    throw YAMLDocument.Failure(mark: mark, reason: .problem("found undefined alias"))
                }
                try count(document.sizes[target], at: mark)
                completed = target
            case .collectionStart(let mapping, let anchor, let tag):
                guard stack.count < YAMLDocument.nestingLimit else {
                    throw YAMLDocument.Failure(mark: mark, reason: .problem(
                        "collections nested more than \(YAMLDocument.nestingLimit) deep"))
                }
                try count(1, at: mark)
                stack.append(Open(mapping: mapping, anchor: anchor, tag: tag, mark: mark, expandedAtStart: expanded - 1))
                continue
            case .collectionEnd:
                let open = stack.removeLast()
                let identities = open.children.map { document.identities[$0] }
                if open.mapping {
                    try checkKeys(open.children)
                    completed = add(.mapping(open.children), mark: open.mark, size: expanded - open.expandedAtStart,
                                    shape: .mapping(tag: open.tag, pairs: identities))
                } else {
                    completed = add(.sequence(open.children), mark: open.mark, size: expanded - open.expandedAtStart,
                                    shape: .sequence(tag: open.tag, items: identities))
                }
                if let anchor = open.anchor { anchors[anchor] = completed }
            case .streamStart, .streamEnd, .documentStart, .documentEnd, .other:
                throw YAMLDocument.Failure(mark: mark, reason: .problem("unexpected event"))
            }
            guard !stack.isEmpty else { return completed }
            stack[stack.count - 1].children.append(completed)
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

    private mutating func add(_ content: YAMLDocument.Content, mark: YAMLDocument.Mark, size: Int,
                              shape: YAMLDocument.Shape) -> Int {
        let index = document.contents.count
        document.contents.append(content)
        document.marks.append(mark)
        document.sizes.append(size)
        let identity = document.shapes.count
        document.identities.append(document.shapes[shape, default: identity])
        if document.shapes[shape] == nil { document.shapes[shape] = identity }
        return index
    }

    /// Refuses a mapping whose keys (`children`' even positions) repeat, at
    /// the first occurrence of the repeated key Yams would have named first.
    private func checkKeys(_ children: [Int]) throws(YAMLDocument.Failure) {
        var seen: [Int: (first: Int, count: Int)] = [:]
        for k in stride(from: 0, to: children.count, by: 2) {
            let key = children[k]
            seen[document.identities[key], default: (key, 0)].count += 1
        }
        let repeated = seen.values.filter { $0.count > 1 }.map(\.first)
        guard !repeated.isEmpty else { return }
        // Scalar keys in text order (ties in file order), then collection keys.
        func text(_ node: Int) -> String? {
            if case .scalar(let s, _) = document.contents[node] { return s }
            return nil
        }
        let ordered = repeated.sorted { a, b in
            switch (text(a), text(b)) {
            case let (x?, y?): return x < y || (x == y && a < b)
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }
        throw YAMLDocument.Failure(mark: document.marks[ordered[0]],
                                   reason: .duplicateKeys(ordered.map { text($0) ?? "<uncovertable>" }))
    }
}

// MARK: Reading

/// A node of a ``YAMLDocument``.
struct YAMLNode {
    fileprivate let document: YAMLDocument
    fileprivate let index: Int

    /// Where the node starts (for an alias: where its anchor's node starts).
    var mark: YAMLDocument.Mark { document.marks[index] }

    /// The node's text and style when it is a scalar.
    var scalar: (string: String, style: YAMLDocument.ScalarStyle)? {
        if case .scalar(let text, let style) = document.contents[index] { return (text, style) }
        return nil
    }

    /// The node's items when it is a sequence.
    var sequence: YAMLSequence? {
        if case .sequence(let items) = document.contents[index] { return YAMLSequence(document: document, items: items) }
        return nil
    }

    /// The node's pairs when it is a mapping.
    var mapping: YAMLMapping? {
        if case .mapping(let pairs) = document.contents[index] { return YAMLMapping(document: document, pairs: pairs) }
        return nil
    }
}

/// A sequence's items, in order.
struct YAMLSequence: RandomAccessCollection {
    fileprivate let document: YAMLDocument
    fileprivate let items: [Int]

    var startIndex: Int { 0 }
    var endIndex: Int { items.count }
    subscript(position: Int) -> YAMLNode { YAMLNode(document: document, index: items[position]) }
}

/// A mapping's pairs, in order.
struct YAMLMapping: RandomAccessCollection {
    fileprivate let document: YAMLDocument
    /// Keys and values, alternately.
    fileprivate let pairs: [Int]

    var startIndex: Int { 0 }
    var endIndex: Int { pairs.count / 2 }
    subscript(position: Int) -> (key: YAMLNode, value: YAMLNode) {
        (YAMLNode(document: document, index: pairs[2 * position]), YAMLNode(document: document, index: pairs[2 * position + 1]))
    }

    /// The value of the key that is the untagged (or `!!str`) scalar `key`;
    /// nil when there is none.
    /// - Complexity: O(pairs).
    subscript(key: String) -> YAMLNode? {
        guard let wanted = document.shapes[.scalar(tag: YAMLDocument.stringTag, text: key)] else { return nil }
        var i = pairs.count - 2
        while i >= 0 {
            if document.identities[pairs[i]] == wanted { return YAMLNode(document: document, index: pairs[i + 1]) }
            i -= 2
        }
        return nil
    }
}
