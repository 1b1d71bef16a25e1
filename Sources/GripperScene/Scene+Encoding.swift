import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout

extension Scene {
    /// Why a scene cannot be written as JSON.
    public struct EncodingError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What the scene holds that the writer does not write.
        public var problem: String
        public var description: String { "the scene cannot be written: \(problem)" }
    }

    /// The scene as the JSON `Scene.decode(_:fileName:)` reads back to an
    /// equal scene (`Documentation/Scenes.md`): a bug report's scene, a
    /// recording's. Every item is written whole (no `defaults` block);
    /// numbers in their shortest form that reads back to the same double.
    /// - Throws: ``EncodingError`` for what it does not write yet:
    ///   segmented and composed scenes, announcements in words other than
    ///   the English ones.
    /// - Complexity: O(n) in the items and stimuli.
    public func jsonText() throws(EncodingError) -> String {
        guard segments == nil, children == nil else {
            throw EncodingError(problem: "segmented and composed scenes are not written yet")
        }
        var out = "{\n"
        out += "  \"viewport\": {\"width\": \(Self.number(viewport.width)), \"height\": \(Self.number(viewport.height))},\n"
        out += "  \"layout\": " + Self.layout(metrics, kind: layoutKind) + ",\n"
        if metrics.globalHeaderHeight > 0 {
            out += "  \"globalHeader\": {\"height\": \(Self.number(metrics.globalHeaderHeight))"
            if let t = globalHeaderTitle { out += ", \"title\": " + Self.string(t) }
            out += "},\n"
        }
        out += "  \"selection\": \"\(selectionMode.rawValue)\",\n"
        out += "  \"movesBetweenSections\": \(movesBetweenSections),\n"
        if headerTaps { out += "  \"headerTaps\": true,\n" }
        if let p = pinchLayouts {
            var fields: [String] = []
            if let c = p.closing { fields.append("\"closing\": " + Self.layoutChange(c)) }
            if let c = p.spreading { fields.append("\"spreading\": " + Self.layoutChange(c)) }
            out += "  \"pinch\": {" + fields.joined(separator: ", ") + "},\n"
        }
        if let announcements {
            guard announcements == .english else {
                throw EncodingError(problem: "announcements in words of the app's own are not written yet")
            }
            out += "  \"announcements\": true,\n"
        }
        out += "  \"sections\": " + Self.sections(sections, indent: "  ")
        if !stimuli.isEmpty {
            out += ",\n  \"stimuli\": [\n"
            out += try stimuli.map { s throws(EncodingError) in "    " + (try Self.stimulus(s)) }.joined(separator: ",\n")
            out += "\n  ]"
        }
        out += "\n}\n"
        return out
    }

    // MARK: - Parts

    static func layout(_ m: LayoutMetrics, kind: LayoutKind) -> String {
        var fields = ["\"columns\": \(m.columns)", "\"rowHeight\": \(number(m.rowHeight))"]
        if m.interItemSpacing != 0 { fields.append("\"interItemSpacing\": \(number(m.interItemSpacing))") }
        if m.lineSpacing != 0 { fields.append("\"lineSpacing\": \(number(m.lineSpacing))") }
        let i = m.sectionInsets
        if i != .zero {
            fields.append("\"insets\": {\"top\": \(number(i.top)), \"left\": \(number(i.left)), \"bottom\": \(number(i.bottom)), \"right\": \(number(i.right))}")
        }
        if m.header.height > 0 { fields.append("\"headerHeight\": \(number(m.header.height))") }
        if m.header.isPinned { fields.append("\"pinnedHeaders\": true") }
        if m.footer.height > 0 { fields.append("\"footerHeight\": \(number(m.footer.height))") }
        if m.rowSeparator.thickness > 0 { fields.append("\"separator\": \(number(m.rowSeparator.thickness))") }
        if m.orientation.axis != .vertical { fields.append("\"scrollDirection\": \"\(m.orientation.axis.rawValue)\"") }
        if m.orientation.direction != .leftToRight { fields.append("\"layoutDirection\": \"\(m.orientation.direction.rawValue)\"") }
        if let h = m.estimatedItemHeight { fields.append("\"estimatedItemHeight\": \(number(h))") }
        if kind != .grid { fields.append("\"kind\": \"\(kind.rawValue)\"") }
        if let w = m.itemWidth { fields.append("\"itemWidth\": \(number(w))") }
        if let w = m.minimumItemWidth { fields.append("\"minimumItemWidth\": \(number(w))") }
        if m.scrollSnapping != .none { fields.append("\"snapping\": \"\(m.scrollSnapping.rawValue)\"") }
        if m.appearance != .fade { fields.append("\"appearance\": \"\(m.appearance.rawValue)\"") }
        if m.sectionPlaceholderHeight != 200 { fields.append("\"placeholderHeight\": \(number(m.sectionPlaceholderHeight))") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func sections(_ sections: [Section], indent: String) -> String {
        guard !sections.isEmpty else { return "[]" }
        var out = "[\n"
        out += sections.map { s in
            var head = indent + "  {\"id\": " + string(s.id.rawValue)
            if let t = s.title { head += ", \"title\": " + string(t) }
            if let c = s.columns { head += ", \"columns\": \(c)" }
            guard !s.items.isEmpty else { return head + ", \"items\": []}" }
            return head + ", \"items\": [\n" + s.items.map { indent + "    " + item($0) }.joined(separator: ",\n") + "\n" + indent + "  ]}"
        }.joined(separator: ",\n")
        return out + "\n" + indent + "]"
    }

    static func item(_ i: Item) -> String {
        var fields = ["\"id\": " + string(i.id.rawValue)]
        if i.label != i.id.rawValue { fields.append("\"label\": " + string(i.label)) }
        if let h = i.height { fields.append("\"height\": \(number(h))") }
        if let w = i.width { fields.append("\"width\": \(number(w))") }
        fields.append("\"editable\": \(i.isEditable)")
        fields.append("\"movable\": \(i.isMovable)")
        fields.append("\"selectable\": \(i.isSelectable)")
        fields.append("\"actions\": " + actions(i.trailingActions))
        if !i.leadingActions.isEmpty { fields.append("\"leadingActions\": " + actions(i.leadingActions)) }
        if !i.menuActions.isEmpty { fields.append("\"menu\": " + actions(SwipeActions(i.menuActions))) }
        if i.acceptsDrops { fields.append("\"acceptsDrops\": true") }
        if let d = i.dropIntoDelay {
            let us = d.components.seconds * 1_000_000 + d.components.attoseconds / 1_000_000_000_000
            fields.append("\"dropIntoDelay\": \(number(Double(us) / 1000))")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func actions(_ a: SwipeActions) -> String {
        "[" + a.actions.map { action in
            var fields = ["\"id\": " + string(action.id.rawValue)]
            if action.title != action.id.rawValue { fields.append("\"title\": " + string(action.title)) }
            if action.style == .destructive { fields.append("\"style\": \"destructive\"") }
            if a.fullSwipeAction == action.id { fields.append("\"default\": true") }
            return "{" + fields.joined(separator: ", ") + "}"
        }.joined(separator: ", ") + "]"
    }

    static func path(_ p: ItemPath) -> String { "[\(p.section), \(p.item)]" }

    /// A layout change as a `layout` stimulus's object: the fields it gives.
    static func layoutChange(_ c: LayoutChange) -> String {
        "{" + c.fields.map { field in
            let value: String
            switch field.value {
            case .word(let w): value = "\"" + w + "\""
            case .count(let n): value = String(n)
            case .length(let v): value = number(v)
            case .lengthOrNone(let v): value = v.map(number) ?? "null"
            case .insets(let i):
                value = "{\"top\": \(number(i.top)), \"left\": \(number(i.left)), "
                    + "\"bottom\": \(number(i.bottom)), \"right\": \(number(i.right))}"
            }
            return "\"" + field.name + "\": " + value
        }.joined(separator: ", ") + "}"
    }

    static func stimulus(_ s: Stimulus) throws(EncodingError) -> String {
        let us = s.offset.components.seconds * 1_000_000 + s.offset.components.attoseconds / 1_000_000_000_000
        let t = "{\"t\": " + number(Double(us) / 1_000_000) + ", "
        switch s.action {
        case .setEditing(let on): return t + "\"setEditing\": \(on)}"
        case .deleteSelected: return t + "\"deleteSelected\": true}"
        case .reload: return t + "\"reload\": " + Self.sections(s.definedSections ?? [], indent: "    ") + "}"
        case .undo: return t + "\"undo\": true}"
        case .redo: return t + "\"redo\": true}"
        case .deviceLost: return t + "\"deviceLost\": true}"
        case .resizeViewport(let size):
            return t + "\"resizeViewport\": {\"width\": \(number(size.width)), \"height\": \(number(size.height))}}"
        case .changeLayout(let change): return t + "\"layout\": " + layoutChange(change) + "}"
        case .key(let key): return t + "\"key\": \"\(key.rawValue)\"}"
        case .move(let command):
            switch command {
            case .up: return t + "\"move\": \"up\"}"
            case .down: return t + "\"move\": \"down\"}"
            case .toTop: return t + "\"move\": \"toTop\"}"
            case .toBottom: return t + "\"move\": \"toBottom\"}"
            case .by(let n): return t + "\"move\": {\"by\": \(n)}}"
            case .toSection(let n): return t + "\"move\": {\"toSection\": \(n)}}"
            }
        case .focus(let p): return t + "\"focus\": " + (p.map(path) ?? "null") + "}"
        case .measured(.item(let p, let width, let height)):
            return t + "\"measure\": {\"item\": \(path(p))" + (width.map { ", \"width\": \(number($0))" } ?? "")
                + (height.map { ", \"height\": \(number($0))" } ?? "") + "}}"
        case .measured(.supplementary(let kind, let section, let height)):
            return t + "\"measure\": {\"\(kind == .footer ? "footer" : "header")\": \(section), \"height\": \(number(height))}}"
        case .switchSegment(let index): return t + "\"segment\": \(index)}"
        case .scroll(let target, let animated):
            switch target {
            case .offset(let y): return t + "\"scroll\": {\"offset\": \(number(y)), \"animated\": \(animated)}}"
            case .item(let p, let position):
                return t + "\"scroll\": {\"item\": \(path(p)), \"position\": \"\(position.rawValue)\", \"animated\": \(animated)}}"
            }
        case .batch(let batch):
            let defined = Dictionary(s.items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            var ops: [String] = []
            for op in batch.operations {
                switch op {
                case .deleteItem(let p): ops.append("{\"deleteItem\": \(path(p))}")
                case .reloadItem(let p): ops.append("{\"reloadItem\": \(path(p))}")
                case .moveItem(let from, let to): ops.append("{\"moveItem\": {\"from\": \(path(from)), \"to\": \(path(to))}}")
                case .insertItem(let id, let p):
                    let definition = defined[id] ?? Item.undefined(id)
                    ops.append("{\"insertItem\": {\"at\": \(path(p)), \"item\": \(item(definition))}}")
                case .deleteSection(let s): ops.append("{\"deleteSection\": \(s)}")
                case .moveSection(let from, let to): ops.append("{\"moveSection\": {\"from\": \(from), \"to\": \(to)}}")
                case .reloadSection(let s): ops.append("{\"reloadSection\": \(s)}")
                case .insertSection(let section, let s):
                    guard section.items.isEmpty else {
                        throw EncodingError(problem: "a batch inserts a section with items (\(section.id)); insert it empty, then its items")
                    }
                    ops.append("{\"insertSection\": {\"at\": \(s), \"id\": \(string(section.id.rawValue))}}")
                }
            }
            return t + "\"batch\": [" + ops.joined(separator: ", ") + "]}"
        case .loading(let event, _), .loadingChild(_, let event, _):
            let content = s.definedSections
            var body: String
            switch event {
            case .beginLoading: body = "\"load\": true"
            case .refresh: body = "\"refresh\": true"
            case .loadedContent: body = "\"loaded\": " + (content.map { Self.sections($0, indent: "    ") } ?? "true")
            case .loadedEmpty(let words):
                body = "\"empty\": {\"title\": \(string(words.title)), \"message\": \(string(words.message))"
                if let content { body += ", \"sections\": " + Self.sections(content, indent: "    ") }
                body += "}"
            case .failed(let words):
                body = "\"failed\": {\"title\": \(string(words.title)), \"message\": \(string(words.message))}"
            }
            if case .loadingChild(let key, _, _) = s.action { body += ", \"source\": " + string(key) }
            return t + body + "}"
        }
    }

    /// A double as JSON: its shortest form that reads back to it.
    static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// A string as JSON, as the transcript's JSON writes it (every control,
    /// line and paragraph separator and bidi override escaped).
    static func string(_ s: String) -> String { Escaping.json(s) }
}
