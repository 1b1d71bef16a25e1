import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout

/// Walks a parsed scene document, keeping the path for error messages.
struct SceneReader {
    /// `path.key`, or `key` at the root.
    private func join(_ path: String, _ key: String) -> String { path == "$" ? key : path + "." + key }

    private func fail(_ path: String, _ value: JSONValue?, _ problem: String) -> SceneError {
        SceneError(path: path, line: value?.line, problem: problem)
    }

    private func members(_ value: JSONValue, _ path: String, allowed: [String]) throws(SceneError) -> JSONValue {
        guard case .object(let members) = value.content else {
            throw fail(path, value, "expected an object, found \(value.kindName)")
        }
        for (key, v) in members where !allowed.contains(key) {
            throw fail(join(path, SceneError.pathKey(key)), v, "unknown field; expected one of \(allowed.joined(separator: ", "))")
        }
        return value
    }

    private func number(_ value: JSONValue, _ path: String, minimum: Double? = nil, positive: Bool = false) throws(SceneError) -> Double {
        guard case .number(let x) = value.content else { throw fail(path, value, "expected a number, found \(value.kindName)") }
        if positive, !(x > 0) { throw fail(path, value, "expected a number above 0, found \(x)") }
        if let minimum, x < minimum { throw fail(path, value, "expected a number of at least \(minimum), found \(x)") }
        return x
    }

    private func integer(_ value: JSONValue, _ path: String, minimum: Int) throws(SceneError) -> Int {
        let x = try number(value, path)
        guard x == x.rounded(), x >= Double(minimum), x <= 1_000_000 else {
            throw fail(path, value, "expected a whole number from \(minimum) to 1000000, found \(x)")
        }
        return Int(x)
    }

    private func bool(_ value: JSONValue, _ path: String) throws(SceneError) -> Bool {
        guard case .bool(let b) = value.content else { throw fail(path, value, "expected true or false, found \(value.kindName)") }
        return b
    }

    private func string(_ value: JSONValue, _ path: String, nonEmpty: Bool = false) throws(SceneError) -> String {
        guard case .string(let s) = value.content else { throw fail(path, value, "expected a string, found \(value.kindName)") }
        if nonEmpty, s.isEmpty { throw fail(path, value, "expected a non-empty string") }
        return s
    }

    private func array(_ value: JSONValue, _ path: String) throws(SceneError) -> [JSONValue] {
        guard case .array(let a) = value.content else { throw fail(path, value, "expected an array, found \(value.kindName)") }
        return a
    }

    private func required(_ object: JSONValue, _ key: String, _ path: String) throws(SceneError) -> JSONValue {
        guard let v = object[key] else { throw fail(join(path, key), object, "missing (required)") }
        return v
    }

    /// The defaults items inherit.
    struct ItemDefaults {
        var editable = true
        var movable = true
        var selectable = true
        var trailing = SwipeActions([.delete], fullSwipeAction: "delete")
        var leading = SwipeActions.none
        var menu: [EditingAction] = []
    }

    func scene(_ root: JSONValue) throws(SceneError) -> Scene {
        let keys = ["viewport", "layout", "globalHeader", "selection", "movesBetweenSections", "defaults", "sections",
                    "stimuli", "announcements", "segments", "selectedSegment", "children", "headerTaps", "pinch"]
        let root = try members(root, "$", allowed: keys)
        let vp = try members(try required(root, "viewport", "$"), "viewport", allowed: ["width", "height"])
        let viewport = Size(width: try number(try required(vp, "width", "viewport"), "viewport.width", positive: true),
                            height: try number(try required(vp, "height", "viewport"), "viewport.height", positive: true))
        var metrics = try root["layout"].map { v throws(SceneError) in try layout(v, "layout") } ?? LayoutMetrics(rowHeight: 56)
        var globalTitle: String?
        if let v = root["globalHeader"] {
            let g = try members(v, "globalHeader", allowed: ["height", "title"])
            metrics.globalHeaderHeight = try number(try required(g, "height", "globalHeader"), "globalHeader.height",
                                                    positive: true)
            globalTitle = try g["title"].map { t throws(SceneError) in try string(t, "globalHeader.title") }
            // The viewport's extent along the scroll axis.
            let (extent, name) = metrics.orientation.axis == .vertical ? (viewport.height, "viewport.height")
                                                                        : (viewport.width, "viewport.width")
            if metrics.globalHeaderHeight >= extent {
                throw fail("globalHeader.height", g["height"],
                           "the global header (\(metrics.globalHeaderHeight)) must be lower than \(name) (\(extent)), or nothing else shows")
            }
        }
        var selection = SelectionMode.multiple
        if let v = root["selection"] {
            let s = try string(v, "selection")
            guard let mode = SelectionMode(rawValue: s) else {
                throw fail("selection", v, "expected one of none, single, multiple, found \(SceneError.quote(s))")
            }
            selection = mode
        }
        let between = try root["movesBetweenSections"].map { v throws(SceneError) in try bool(v, "movesBetweenSections") } ?? true
        var defaults = ItemDefaults()
        if let v = root["defaults"] {
            let d = try members(v, "defaults", allowed: ["editable", "movable", "selectable", "actions", "leadingActions",
                                                         "menu"])
            if let x = d["editable"] { defaults.editable = try bool(x, "defaults.editable") }
            if let x = d["movable"] { defaults.movable = try bool(x, "defaults.movable") }
            if let x = d["selectable"] { defaults.selectable = try bool(x, "defaults.selectable") }
            if let x = d["actions"] { defaults.trailing = try actions(x, "defaults.actions") }
            if let x = d["leadingActions"] { defaults.leading = try actions(x, "defaults.leadingActions") }
            if let x = d["menu"] { defaults.menu = try actions(x, "defaults.menu", menu: true).actions }
        }
        var segments: [Scene.Segment]?
        var children: [Scene.Segment]?
        var selectedSegment = 0
        let sections: [Scene.Section]
        if let v = root["children"] {
            if let s = root["sections"] { throw fail("sections", s, "a scene has sections or children, not both") }
            if let s = root["segments"] { throw fail("segments", s, "a scene has segments or children, not both") }
            if let s = root["selectedSegment"] { throw fail("selectedSegment", s, "only a scene with segments selects one") }
            let list = try self.segments(v, "children", defaults: defaults, root: root, pinned: metrics.header.isPinned,
                                         noun: "child")
            children = list
            sections = list.flatMap(\.composedSections)
        } else if let v = root["segments"] {
            if let s = root["sections"] {
                throw fail("sections", s, "a scene has sections or segments, not both")
            }
            let list = try self.segments(v, "segments", defaults: defaults, root: root, pinned: metrics.header.isPinned,
                                         noun: "segment")
            if let s = root["selectedSegment"] {
                selectedSegment = try integer(s, "selectedSegment", minimum: 0)
                guard selectedSegment < list.count else {
                    throw fail("selectedSegment", s, "expected a segment from 0 to \(list.count - 1), found \(selectedSegment)")
                }
            }
            segments = list
            sections = list[selectedSegment].composedSections
        } else {
            if let s = root["selectedSegment"] { throw fail("selectedSegment", s, "only a scene with segments selects one") }
            sections = try self.sections(try required(root, "sections", "$"), "sections", defaults: defaults)
        }
        _ = try Scene.model(of: sections, path: children != nil ? "children"
                            : segments == nil ? "sections" : "segments[\(selectedSegment)].sections")
        var stimuli: [Scene.Stimulus] = []
        if let v = root["stimuli"] {
            for (i, s) in try array(v, "stimuli").enumerated() {
                let stimulus = try self.stimulus(s, "stimuli[\(i)]", defaults: defaults)
                try checkSegmented(stimulus, s, "stimuli[\(i)]", segments: segments)
                try checkComposed(stimulus, s, "stimuli[\(i)]", children: children)
                if let last = stimuli.last, stimulus.offset < last.offset {
                    throw fail("stimuli[\(i)].t", s, "stimuli must be in time order; this one is earlier than stimuli[\(i - 1)]")
                }
                stimuli.append(stimulus)
            }
        }
        var scene = Scene(viewport: viewport, metrics: metrics, globalHeaderTitle: globalTitle, sections: sections,
                          selectionMode: selection, movesBetweenSections: between, stimuli: stimuli)
        scene.segments = segments
        if let v = root["headerTaps"] { scene.headerTaps = try bool(v, "headerTaps") }
        if let v = root["pinch"] {
            let p = try members(v, "pinch", allowed: ["closing", "spreading"])
            guard p["closing"] != nil || p["spreading"] != nil else {
                throw fail("pinch", v, "expected closing, spreading or both: the layout fields a pinch changes")
            }
            scene.pinchLayouts = PinchLayouts(
                closing: try p["closing"].map { x throws(SceneError) in try layoutChange(x, "pinch.closing") },
                spreading: try p["spreading"].map { x throws(SceneError) in try layoutChange(x, "pinch.spreading") })
        }
        scene.children = children
        scene.selectedSegment = selectedSegment
        if let v = root["announcements"] { scene.announcements = try announcements(v, "announcements") }
        if let x = root["layout"]?["kind"] {
            scene.layoutKind = try named(x, "layout.kind", as: LayoutKind.self)
        }
        try checkConsistentItems(scene)
        return scene
    }

    /// The layout of the sections at the start and of every reload, as the
    /// engine makes it: a value the layout refuses (no room for the columns
    /// in the viewport's width, too many items …) is an error at the scene
    /// field that set it, with its line.
    /// - Complexity: O(s) per list of s sections, O(n) with item heights.
    ///
    /// The document's tree is not kept for it (in a large scene it costs
    /// several times the file): `locate` gives the value at a field, from
    /// the document parsed again, only when there is an error to place.
    func checkLayout(_ scene: Scene, locate: (String) -> JSONValue?) throws(SceneError) {
        let items = Scene.ItemIndex(scene)
        let source = SceneDataSource(scene: scene, items: items)
        var lists = [("sections", scene.sections)]
        if let segments = scene.segments {
            lists = segments.enumerated().map { ("segments[\($0.offset)].sections", $0.element.composedSections) }
        }
        if let children = scene.children { lists = [("children", children.flatMap(\.composedSections))] }
        for (k, stimulus) in scene.stimuli.enumerated() {
            if let sections = stimulus.sections {
                lists.append(("stimuli[\(k)].\(stimulus.sectionsField)", sections))
            }
        }
        for (path, sections) in lists {
            let model = try Scene.model(of: sections, path: path)
            do {
                _ = try Engine.makeLayout(model, dataSource: source, metrics: scene.metrics, viewport: scene.viewport,
                                          layout: scene.layoutKind.make(metrics: scene.metrics, viewport: scene.viewport))
            } catch let error as LayoutError {
                let field = Self.sceneField(ofLayoutPath: error.path, sections: path)
                throw fail(field, locate(field), error.problem)
            } catch {
                throw fail("layout", locate("layout"), "the layout refuses the scene: \(error)")
            }
        }
    }

    /// The scene field behind a ``LayoutError``'s path (`metrics.columns` →
    /// `layout.columns`, `sections[2].metrics` → `sections[2].columns`,
    /// `sections[1].itemHeights[4]` → `sections[1].items[4].height`), with
    /// `sections` standing for the list the layout was made of.
    static func sceneField(ofLayoutPath path: String, sections: String) -> String {
        let metricNames = ["columns": "columns", "rowHeight": "rowHeight", "interItemSpacing": "interItemSpacing",
                           "lineSpacing": "lineSpacing", "sectionInsets": "insets", "header.height": "headerHeight",
                           "footer.height": "footerHeight", "rowSeparator.thickness": "separator"]
        if path == "viewport" { return "viewport" }
        if path == "metrics.globalHeaderHeight" { return "globalHeader.height" }
        if path == "metrics" { return "layout" }
        if path.hasPrefix("metrics.") {
            let name = String(path.dropFirst("metrics.".count))
            return "layout." + (metricNames[name] ?? name)
        }
        guard path.hasPrefix("sections["), let close = path.firstIndex(of: "]") else { return "layout" }
        let section = sections + path[path.index(path.startIndex, offsetBy: "sections".count)...close]
        let rest = path[path.index(after: close)...]
        if rest == ".metrics" || rest.hasPrefix(".metrics.columns") { return section + ".columns" }
        if rest.hasPrefix(".metrics.") {
            let name = String(rest.dropFirst(".metrics.".count))
            return "layout." + (metricNames[name] ?? name)
        }
        if rest == ".count" { return section + ".items" }
        if rest.hasPrefix(".itemHeights["), let end = rest.firstIndex(of: "]") {
            return section + ".items" + rest[rest.index(rest.startIndex, offsetBy: ".itemHeights".count)...end] + ".height"
        }
        return section
    }

    /// The value at `field` (`stimuli[0].reload[1].columns`), or the
    /// nearest value above it that the document has.
    static func value(at field: String, in root: JSONValue) -> JSONValue? {
        var value = root
        var name = ""
        func step(_ v: JSONValue?) -> Bool {
            guard let v else { return false }
            value = v
            return true
        }
        var chars = field[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            switch c {
            case ".", "[":
                if !name.isEmpty, !step(value[name]) { return value }
                name = ""
                if c == "[" {
                    let digits = chars.prefix { $0 != "]" }
                    chars = chars.dropFirst(digits.count + 1)
                    guard let i = Int(digits), case .array(let a) = value.content, a.indices.contains(i) else { return value }
                    value = a[i]
                }
            default:
                name.append(c)
            }
        }
        if !name.isEmpty { _ = step(value[name]) }
        return value
    }

    /// A `layout` stimulus: the fields of a scene's `layout` that may
    /// change at run time, at least one.
    private func layoutChange(_ value: JSONValue, _ path: String) throws(SceneError) -> LayoutChange {
        let keys = ["kind", "columns", "minimumItemWidth", "rowHeight", "interItemSpacing", "lineSpacing", "insets",
                    "headerHeight", "footerHeight", "separator", "itemWidth", "scrollDirection", "layoutDirection", "snapping"]
        let v = try members(value, path, allowed: keys)
        guard keys.contains(where: { v[$0] != nil }) else {
            throw fail(path, value, "expected at least one of \(keys.joined(separator: ", "))")
        }
        var c = LayoutChange()
        if let x = v["kind"] {
            c.kind = try named(x, path + ".kind", as: LayoutKind.self)
        }
        if let x = v["columns"] { c.columns = try integer(x, path + ".columns", minimum: 1) }
        if let x = v["minimumItemWidth"] {
            if case .null = x.content {
                c.minimumItemWidth = .some(nil)
            } else {
                c.minimumItemWidth = .some(try number(x, path + ".minimumItemWidth", positive: true))
            }
        }
        if let x = v["rowHeight"] { c.rowHeight = try number(x, path + ".rowHeight", positive: true) }
        if let x = v["interItemSpacing"] { c.interItemSpacing = try number(x, path + ".interItemSpacing", minimum: 0) }
        if let x = v["lineSpacing"] { c.lineSpacing = try number(x, path + ".lineSpacing", minimum: 0) }
        if let x = v["insets"] { c.sectionInsets = try insets(x, path + ".insets") }
        if let x = v["headerHeight"] { c.headerHeight = try number(x, path + ".headerHeight", minimum: 0) }
        if let x = v["footerHeight"] { c.footerHeight = try number(x, path + ".footerHeight", minimum: 0) }
        if let x = v["separator"] { c.separator = try number(x, path + ".separator", minimum: 0) }
        if let x = v["itemWidth"] {
            if case .null = x.content {
                c.itemWidth = .some(nil)
            } else {
                c.itemWidth = .some(try number(x, path + ".itemWidth", positive: true))
            }
        }
        if let x = v["scrollDirection"] {
            c.scrollDirection = try named(x, path + ".scrollDirection", as: ScrollAxis.self)
        }
        if let x = v["layoutDirection"] {
            c.layoutDirection = try named(x, path + ".layoutDirection", as: LayoutDirection.self)
        }
        if let x = v["snapping"] {
            c.scrollSnapping = try named(x, path + ".snapping", as: ScrollSnapping.self)
        }
        return c
    }

    /// `{top, left, bottom, right}`, each ≥ 0 (0 when left out).
    private func insets(_ x: JSONValue, _ p: String) throws(SceneError) -> EdgeInsets {
        let i = try members(x, p, allowed: ["top", "left", "bottom", "right"])
        func side(_ k: String) throws(SceneError) -> Double {
            try i[k].map { y throws(SceneError) in try number(y, p + "." + k, minimum: 0) } ?? 0
        }
        return EdgeInsets(top: try side("top"), left: try side("left"), bottom: try side("bottom"), right: try side("right"))
    }

    /// `x` as one of `T`'s names (a layout kind, a scroll axis …), at
    /// `path`; another name is an error listing them.
    private func named<T: RawRepresentable & CaseIterable>(_ x: JSONValue, _ path: String,
                                                           as: T.Type) throws(SceneError) -> T where T.RawValue == String {
        let name = try string(x, path)
        guard let value = T(rawValue: name) else {
            let names = T.allCases.map { "\"\($0.rawValue)\"" }
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names.joined()
            throw fail(path, x, "expected \(list), found \(SceneError.quote(name))")
        }
        return value
    }

    private func layout(_ value: JSONValue, _ path: String) throws(SceneError) -> LayoutMetrics {
        let keys = ["columns", "rowHeight", "interItemSpacing", "lineSpacing", "insets", "headerHeight", "pinnedHeaders",
                    "footerHeight", "separator", "scrollDirection", "layoutDirection", "estimatedItemHeight", "kind", "itemWidth",
                    "placeholderHeight", "minimumItemWidth", "snapping", "appearance"]
        let v = try members(value, path, allowed: keys)
        var m = LayoutMetrics(rowHeight: 56)
        if let x = v["appearance"] { m.appearance = try named(x, path + ".appearance", as: ElementAppearance.self) }
        if let x = v["columns"] { m.columns = try integer(x, path + ".columns", minimum: 1) }
        if let x = v["minimumItemWidth"] { m.minimumItemWidth = try number(x, path + ".minimumItemWidth", positive: true) }
        if let x = v["snapping"] {
            m.scrollSnapping = try named(x, path + ".snapping", as: ScrollSnapping.self)
        }
        if let x = v["rowHeight"] { m.rowHeight = try number(x, path + ".rowHeight", positive: true) }
        if let x = v["interItemSpacing"] { m.interItemSpacing = try number(x, path + ".interItemSpacing", minimum: 0) }
        if let x = v["lineSpacing"] { m.lineSpacing = try number(x, path + ".lineSpacing", minimum: 0) }
        if let x = v["insets"] { m.sectionInsets = try insets(x, path + ".insets") }
        if let x = v["headerHeight"] {
            let h = try number(x, path + ".headerHeight", minimum: 0)
            m.header = h > 0 ? SupplementaryMetrics(height: h) : .none
        }
        if let x = v["pinnedHeaders"], try bool(x, path + ".pinnedHeaders") {
            guard m.header.height > 0 else {
                throw fail(path + ".pinnedHeaders", x, "there are no section headers to pin; give \(path).headerHeight a height above 0")
            }
            m.header.isPinned = true
        }
        if let x = v["footerHeight"] {
            let h = try number(x, path + ".footerHeight", minimum: 0)
            m.footer = h > 0 ? SupplementaryMetrics(height: h) : .none
        }
        if let x = v["separator"] {
            let t = try number(x, path + ".separator", minimum: 0)
            m.rowSeparator = t > 0 ? SeparatorMetrics(thickness: t) : .none
        }
        if let x = v["scrollDirection"] {
            m.orientation.axis = try named(x, path + ".scrollDirection", as: ScrollAxis.self)
        }
        if let x = v["layoutDirection"] {
            m.orientation.direction = try named(x, path + ".layoutDirection", as: LayoutDirection.self)
        }
        if let x = v["itemWidth"] { m.itemWidth = try number(x, path + ".itemWidth", positive: true) }
        if let x = v["placeholderHeight"] {
            let h = try number(x, path + ".placeholderHeight", minimum: 0)
            guard h <= 100_000 else { throw fail(path + ".placeholderHeight", x, "expected at most 100000, found \(h)") }
            m.sectionPlaceholderHeight = h
        }
        if let x = v["estimatedItemHeight"] {
            m.estimatedItemHeight = try number(x, path + ".estimatedItemHeight", positive: true)
        }
        return m
    }

    /// A list of sections (the scene's, or a reload's); a section or item
    /// id that repeats in it is an error at the repeat, naming the first.
    private func sections(_ value: JSONValue, _ path: String, defaults: ItemDefaults) throws(SceneError) -> [Scene.Section] {
        var out: [Scene.Section] = []
        var sectionPaths: [SectionID: String] = [:]
        // Where each item id was first seen, as numbers: a path string per
        // item would cost more than the item itself in a large scene.
        var itemPlaces: [ItemID: UInt64] = [:]   // section << 32 | item
        for (i, s) in try array(value, path).enumerated() {
            let p = "\(path)[\(i)]"
            let o = try members(s, p, allowed: ["id", "title", "columns", "items"])
            let id = SectionID(try string(try required(o, "id", p), p + ".id", nonEmpty: true))
            if let first = sectionPaths[id] {
                throw fail(p + ".id", o["id"], "the section id \(SceneError.quote(id.rawValue)) appears twice (first at \(first))")
            }
            sectionPaths[id] = p
            let title = try o["title"].map { v throws(SceneError) in try string(v, p + ".title") }
            let columns = try o["columns"].map { v throws(SceneError) in try integer(v, p + ".columns", minimum: 1) }
            let listed = try array(try required(o, "items", p), p + ".items")
            var items: [Scene.Item] = []
            items.reserveCapacity(listed.count)
            itemPlaces.reserveCapacity(itemPlaces.count + listed.count)
            for (j, it) in listed.enumerated() {
                let itemPath = "\(p).items[\(j)]"
                let item = try item(it, itemPath, defaults: defaults)
                if let first = itemPlaces[item.id] {
                    throw fail(itemPath + ".id", it["id"], "the item id \(SceneError.quote(item.id.rawValue)) appears twice (first at \(path)[\(first >> 32)].items[\(first & 0xffff_ffff)])")
                }
                itemPlaces[item.id] = UInt64(i) << 32 | UInt64(j)
                items.append(item)
            }
            out.append(Scene.Section(id: id, title: title, columns: columns, items: items))
        }
        return out
    }

    private func item(_ value: JSONValue, _ path: String, defaults: ItemDefaults) throws(SceneError) -> Scene.Item {
        let keys = ["id", "label", "height", "width", "editable", "movable", "selectable", "actions", "leadingActions",
                    "menu", "acceptsDrops", "dropIntoDelay"]
        let o = try members(value, path, allowed: keys)
        let id = try string(try required(o, "id", path), path + ".id", nonEmpty: true)
        var item = Scene.Item(id: ItemID(id), label: id, isEditable: defaults.editable, isMovable: defaults.movable,
                              isSelectable: defaults.selectable, trailingActions: defaults.trailing,
                              leadingActions: defaults.leading)
        item.menuActions = defaults.menu
        if let x = o["label"] { item.label = try string(x, path + ".label") }
        if let x = o["height"] { item.height = try number(x, path + ".height", positive: true) }
        if let x = o["width"] { item.width = try number(x, path + ".width", positive: true) }
        if let x = o["editable"] { item.isEditable = try bool(x, path + ".editable") }
        if let x = o["movable"] { item.isMovable = try bool(x, path + ".movable") }
        if let x = o["selectable"] { item.isSelectable = try bool(x, path + ".selectable") }
        if let x = o["actions"] { item.trailingActions = try actions(x, path + ".actions") }
        if let x = o["leadingActions"] { item.leadingActions = try actions(x, path + ".leadingActions") }
        if let x = o["menu"] { item.menuActions = try actions(x, path + ".menu", menu: true).actions }
        if let x = o["acceptsDrops"] { item.acceptsDrops = try bool(x, path + ".acceptsDrops") }
        if let x = o["dropIntoDelay"] {
            let ms = try number(x, path + ".dropIntoDelay", minimum: 0)
            guard ms <= 3_600_000 else { throw fail(path + ".dropIntoDelay", x, "a dwell of at most an hour, in milliseconds") }
            item.dropIntoDelay = .microseconds(Int64((ms * 1000).rounded()))
        }
        return item
    }

    /// A list of actions; a menu's (`menu`) takes no `default` (there is
    /// no full swipe in a menu).
    private func actions(_ value: JSONValue, _ path: String, menu: Bool = false) throws(SceneError) -> SwipeActions {
        var list: [EditingAction] = []
        var fullSwipe: ActionID?
        for (i, a) in try array(value, path).enumerated() {
            let p = "\(path)[\(i)]"
            let o = try members(a, p, allowed: menu ? ["id", "title", "style"] : ["id", "title", "style", "default"])
            let id = ActionID(try string(try required(o, "id", p), p + ".id", nonEmpty: true))
            if list.contains(where: { $0.id == id }) {
                throw fail(p + ".id", o["id"], "the action id \(SceneError.quote(id.rawValue)) appears twice")
            }
            let title = try o["title"].map { v throws(SceneError) in try string(v, p + ".title") } ?? id.rawValue
            var style = EditingAction.Style.normal
            if let s = o["style"] {
                let text = try string(s, p + ".style")
                guard let parsed = EditingAction.Style(rawValue: text) else {
                    throw fail(p + ".style", s, "expected one of normal, destructive, found \(SceneError.quote(text))")
                }
                style = parsed
            }
            if let d = o["default"], try bool(d, p + ".default") {
                if fullSwipe != nil { throw fail(p + ".default", d, "only one action may be the default for a full swipe") }
                fullSwipe = id
            }
            list.append(EditingAction(id: id, title: title, style: style))
        }
        return SwipeActions(list, fullSwipeAction: fullSwipe)
    }

    /// The segments of a segmented scene: keys unique, non-empty, without
    /// `/`; sections as a scene's; item identities unique over every
    /// segment (the promise a segmented source makes).
    private func segments(_ value: JSONValue, _ path: String, defaults: ItemDefaults,
                          root: JSONValue, pinned: Bool, noun: String) throws(SceneError) -> [Scene.Segment] {
        let list = try array(value, path)
        guard !list.isEmpty else { throw fail(path, value, "expected at least one \(noun)") }
        var out: [Scene.Segment] = []
        var keyPaths: [String: String] = [:]
        var itemPaths: [ItemID: String] = [:]
        for (i, v) in list.enumerated() {
            let p = "\(path)[\(i)]"
            let o = try members(v, p, allowed: ["key", "sections", "rowHeight", "headerHeight"])
            var own = SectionMetrics.inherited
            if let x = o["rowHeight"] { own.rowHeight = try number(x, p + ".rowHeight", positive: true) }
            if let x = o["headerHeight"] {
                let h = try number(x, p + ".headerHeight", minimum: 0)
                own.header = h > 0 ? SupplementaryMetrics(height: h, isPinned: pinned) : SupplementaryMetrics.none
            }
            let keyValue = try required(o, "key", p)
            let key = try string(keyValue, p + ".key", nonEmpty: true)
            if key.contains("/") { throw fail(p + ".key", keyValue, "a \(noun) key may not contain \"/\"") }
            if let first = keyPaths[key] {
                throw fail(p + ".key", keyValue, "the \(noun) key \(SceneError.quote(key)) appears twice (first at \(first))")
            }
            keyPaths[key] = p
            let sections = try self.sections(try required(o, "sections", p), p + ".sections", defaults: defaults)
            for (s, section) in sections.enumerated() {
                for (j, item) in section.items.enumerated() {
                    let itemPath = "\(p).sections[\(s)].items[\(j)]"
                    if let first = itemPaths[item.id] {
                        throw fail(itemPath + ".id", Self.value(at: itemPath + ".id", in: root),
                                   "the item id \(SceneError.quote(item.id.rawValue)) appears in two \(noun == "child" ? "children" : "segments") (first at \(first))")
                    }
                    itemPaths[item.id] = itemPath
                }
            }
            out.append(Scene.Segment(key: key, sections: sections, metrics: own))
        }
        return out
    }

    /// A `segment` stimulus needs a segmented scene and a segment that
    /// exists; a segmented scene's content is its segments, so no stimulus
    /// of it brings sections (a reload, a load's result with sections).
    private func checkSegmented(_ stimulus: Scene.Stimulus, _ value: JSONValue, _ path: String,
                                segments: [Scene.Segment]?) throws(SceneError) {
        if case .switchSegment(let index) = stimulus.action {
            guard let segments else {
                throw fail(path + ".segment", value["segment"], "a segment stimulus needs a scene with segments")
            }
            guard index < segments.count else {
                throw fail(path + ".segment", value["segment"],
                           "expected a segment from 0 to \(segments.count - 1), found \(index)")
            }
        }
        if segments != nil, stimulus.sections != nil {
            let field = stimulus.sectionsField
            let top = String(field.prefix { $0 != "." })
            throw fail(path + "." + field, value[top],
                       "a segmented scene's content is its segments: switch with \"segment\" instead of bringing sections")
        }
    }

    /// A loading stimulus with a `source` needs a composed scene and a
    /// child of that key; a composed scene's content is its children, so
    /// no stimulus brings sections for the whole collection (a reload, a
    /// load result without a source).
    private func checkComposed(_ stimulus: Scene.Stimulus, _ value: JSONValue, _ path: String,
                               children: [Scene.Segment]?) throws(SceneError) {
        if case .loadingChild(let key, _, _) = stimulus.action {
            guard let children else {
                throw fail(path + ".source", value["source"], "a loading stimulus with a source needs a scene with children")
            }
            guard children.contains(where: { $0.key == key }) else {
                throw fail(path + ".source", value["source"],
                           "expected one of the children's keys (\(children.map(\.key).joined(separator: ", "))), found \(SceneError.quote(key))")
            }
            return
        }
        if children != nil, stimulus.sections != nil {
            let field = stimulus.sectionsField
            let top = String(field.prefix { $0 != "." })
            throw fail(path + "." + field, value[top],
                       "a composed scene's content is its children: bring sections to one child with \"source\"")
        }
    }

    private func stimulus(_ value: JSONValue, _ path: String, defaults: ItemDefaults) throws(SceneError) -> Scene.Stimulus {
        let kinds = ["setEditing", "deleteSelected", "reload", "undo", "redo", "deviceLost", "resizeViewport", "key",
                     "move", "focus", "load", "loaded", "empty", "failed", "refresh", "segment", "scroll", "batch", "layout", "measure"]
        let o = try members(value, path, allowed: ["t", "source"] + kinds)
        let tValue = try required(o, "t", path)
        let t = try number(tValue, path + ".t", minimum: 0)
        // Bounded so that the first frame's time plus the offset fits an EventTime.
        guard t <= 1_000_000_000 else {
            throw fail(path + ".t", tValue, "expected at most 1000000000 seconds, found \(t)")
        }
        let offset = Duration.microseconds(Int64((t * 1_000_000).rounded()))
        let present = kinds.filter { o[$0] != nil }
        guard present.count == 1, let kind = present.first, let v = o[kind] else {
            throw fail(path, value, "expected exactly one of \(kinds.joined(separator: ", ")), found \(present.count)")
        }
        let p = path + "." + kind
        var stimulus: Scene.Stimulus
        // A stimulus that defines nothing.
        func plain(_ action: Stimulus) -> Scene.Stimulus { Scene.Stimulus(offset: offset, action: action) }
        switch kind {
        case "setEditing": stimulus = plain(.setEditing(try bool(v, p)))
        case "reload":
            let sections = try self.sections(v, p, defaults: defaults)
            _ = try Scene.model(of: sections, path: p)
            stimulus = .bringing(sections, at: offset) { .reload($0) }
        case "key":
            let name = try string(v, p)
            guard let key = KeyboardKey(rawValue: name) else {
                throw fail(p, v, "expected one of \(KeyboardKey.allCases.map(\.rawValue).joined(separator: ", ")), found \(SceneError.quote(name))")
            }
            stimulus = plain(.key(key))
        case "move":
            stimulus = plain(.move(try moveCommand(v, p)))
        case "measure": stimulus = plain(.measured(try measurement(v, p)))
        case "focus":
            if case .null = v.content {
                stimulus = plain(.focus(nil))
            } else {
                let pair = try array(v, p)
                guard pair.count == 2 else { throw fail(p, v, "expected [section, item] or null, found \(pair.count) numbers") }
                stimulus = plain(.focus(ItemPath(section: try integer(pair[0], p + "[0]", minimum: 0),
                                                 item: try integer(pair[1], p + "[1]", minimum: 0))))
            }
        case "loaded":
            if case .array = v.content {
                let sections = try self.sections(v, p, defaults: defaults)
                _ = try Scene.model(of: sections, path: p)
                stimulus = .bringing(sections, at: offset) { .loading(.loadedContent, content: $0) }
            } else {
                guard try bool(v, p) else { throw fail(p, v, "expected true or sections") }
                stimulus = plain(.loading(.loadedContent, content: nil))
            }
        case "empty", "failed":
            let o = try members(v, p, allowed: kind == "empty" ? ["title", "message", "sections"] : ["title", "message"])
            var message = ""
            if let m = o["message"] { message = try string(m, p + ".message") }
            let words = LoadingPlaceholder(title: try string(try required(o, "title", p), p + ".title"), message: message)
            if kind == "failed" {
                stimulus = plain(.loading(.failed(words), content: nil))
            } else {
                if let s = o["sections"] {
                    let content = try self.sections(s, p + ".sections", defaults: defaults)
                    _ = try Scene.model(of: content, path: p + ".sections")
                    stimulus = .bringing(content, at: offset) { .loading(.loadedEmpty(words), content: $0) }
                } else {
                    stimulus = plain(.loading(.loadedEmpty(words), content: nil))
                }
            }
        case "segment":
            stimulus = plain(.switchSegment(try integer(v, p, minimum: 0)))
        case "scroll":
            stimulus = plain(try scrollStimulus(v, p))
        case "batch":
            let (batch, items) = try batchStimulus(v, p, defaults: defaults)
            stimulus = Scene.Stimulus(offset: offset, action: .batch(batch), items: items)
        case "layout":
            stimulus = plain(.changeLayout(try layoutChange(v, p)))
        case "resizeViewport":
            let size = try members(v, p, allowed: ["width", "height"])
            stimulus = plain(.resizeViewport(Size(width: try number(try required(size, "width", p), p + ".width", positive: true),
                                                  height: try number(try required(size, "height", p), p + ".height",
                                                                     positive: true))))
        default:
            guard try bool(v, p) else { throw fail(p, v, "expected true (leave the stimulus out instead of false)") }
            switch kind {
            case "deleteSelected": stimulus = plain(.deleteSelected)
            case "undo": stimulus = plain(.undo)
            case "redo": stimulus = plain(.redo)
            case "load": stimulus = plain(.loading(.beginLoading, content: nil))
            case "refresh": stimulus = plain(.loading(.refresh, content: nil))
            default: stimulus = plain(.deviceLost)
            }
        }
        if let sourceValue = o["source"] {
            guard case .loading(let event, let content) = stimulus.action else {
                throw fail(path + ".source", sourceValue, "only a loading stimulus (load, loaded, empty, failed, refresh) has a source")
            }
            let key = try string(sourceValue, path + ".source", nonEmpty: true)
            stimulus.action = .loadingChild(key, event, content: content)
        }
        return stimulus
    }

    /// A scroll: `{"offset": y}` or `{"item": [section, item], "position": "top"}`, with `"animated"` (default false).
    private func scrollStimulus(_ v: JSONValue, _ p: String) throws(SceneError) -> Stimulus {
        let o = try members(v, p, allowed: ["offset", "item", "position", "animated"])
        let animated = try o["animated"].map { x throws(SceneError) in try bool(x, p + ".animated") } ?? false
        if let offset = o["offset"], o["item"] == nil, o["position"] == nil {
            let y = try number(offset, p + ".offset")
            guard abs(y) <= 1e9 else { throw fail(p + ".offset", offset, "expected at most 1e9 in size, found \(y)") }
            return .scroll(.offset(y), animated: animated)
        }
        if let item = o["item"], o["offset"] == nil {
            let path = try indexPath(item, p + ".item")
            var position = ScrollPosition.nearest
            if let x = o["position"] {
                let name = try string(x, p + ".position")
                guard let known = ScrollPosition(rawValue: name) else {
                    throw fail(p + ".position", x, "expected one of \(ScrollPosition.allCases.map(\.rawValue).joined(separator: ", ")), found \(SceneError.quote(name))")
                }
                position = known
            }
            return .scroll(.item(path, position), animated: animated)
        }
        throw fail(p, v, "expected either offset or item (with an optional position)")
    }

    /// A `measure` stimulus: `{"item": [s, i], "width": w, "height": h}`
    /// (at least one of the two), `{"header": s, "height": h}` or
    /// `{"footer": s, "height": h}`; lengths from 0 to 2^40.
    private func measurement(_ v: JSONValue, _ p: String) throws(SceneError) -> Measurement {
        let o = try members(v, p, allowed: ["item", "header", "footer", "width", "height"])
        func length(_ key: String) throws(SceneError) -> Double? {
            guard let value = o[key] else { return nil }
            let x = try number(value, p + "." + key, minimum: 0)
            guard x <= 0x1p40 else { throw fail(p + "." + key, value, "expected at most 2^40 (1099511627776), found \(x)") }
            return x
        }
        let elements = ["item", "header", "footer"].filter { o[$0] != nil }
        guard elements.count == 1, let element = elements.first, let target = o[element] else {
            throw fail(p, v, "expected exactly one of item, header, footer, found \(elements.count)")
        }
        let width = try length("width"), height = try length("height")
        if element == "item" {
            guard width != nil || height != nil else { throw fail(p, v, "expected width, height or both") }
            return .item(try indexPath(target, p + ".item"), width: width, height: height)
        }
        if o["width"] != nil {
            throw fail(p + ".width", o["width"]!, "a \(element) takes a height only (its width is the layout's)")
        }
        guard let height else { throw fail(p, v, "expected the \(element)'s height") }
        return .supplementary(element == "header" ? .header : .footer,
                              section: try integer(target, p + "." + element, minimum: 0), height: height)
    }

    /// `[section, item]`.
    private func indexPath(_ v: JSONValue, _ p: String) throws(SceneError) -> ItemPath {
        let pair = try array(v, p)
        guard pair.count == 2 else { throw fail(p, v, "expected [section, item], found \(pair.count) numbers") }
        return ItemPath(section: try integer(pair[0], p + "[0]", minimum: 0), item: try integer(pair[1], p + "[1]", minimum: 0))
    }

    /// The app's batch: a list of operations, each one of `{"deleteItem": [s, i]}`,
    /// `{"insertItem": {"at": [s, i], "item": ITEM}}` (an item as in sections),
    /// `{"moveItem": {"from": [s, i], "to": [s, i]}}`, `{"reloadItem": [s, i]}`,
    /// `{"deleteSection": s}`, `{"insertSection": {"at": s, "id": ID}}`,
    /// `{"moveSection": {"from": s, "to": s}}`, `{"reloadSection": s}`.
    /// The batch comes with the items it inserts, as the scene defines them.
    private func batchStimulus(_ v: JSONValue, _ p: String,
                               defaults: ItemDefaults) throws(SceneError) -> (BatchUpdate, items: [Scene.Item]) {
        let list = try array(v, p)
        guard list.count <= 1_000_000 else { throw fail(p, v, "expected at most 1000000 operations, found \(list.count)") }
        var operations: [BatchUpdate.Operation] = []
        var items: [Scene.Item] = []
        for (k, op) in list.enumerated() {
            let q = "\(p)[\(k)]"
            let o = try members(op, q, allowed: ["deleteItem", "insertItem", "moveItem", "reloadItem", "deleteSection",
                                                 "insertSection", "moveSection", "reloadSection"])
            guard case .object(let pairs) = o.content, pairs.count == 1 else {
                throw fail(q, op, "expected exactly one of deleteItem, insertItem, moveItem, reloadItem, deleteSection, insertSection, moveSection, reloadSection")
            }
            let (name, value) = (pairs[0].key, pairs[0].value)
            let r = q + "." + name
            switch name {
            case "deleteItem": operations.append(.deleteItem(try indexPath(value, r)))
            case "reloadItem": operations.append(.reloadItem(try indexPath(value, r)))
            case "moveItem":
                let m = try members(value, r, allowed: ["from", "to"])
                operations.append(.moveItem(from: try indexPath(try required(m, "from", r), r + ".from"),
                                            to: try indexPath(try required(m, "to", r), r + ".to")))
            case "insertItem":
                let m = try members(value, r, allowed: ["at", "item"])
                let item = try self.item(try required(m, "item", r), r + ".item", defaults: defaults)
                items.append(item)
                operations.append(.insertItem(item.id, at: try indexPath(try required(m, "at", r), r + ".at")))
            case "deleteSection": operations.append(.deleteSection(try integer(value, r, minimum: 0)))
            case "reloadSection": operations.append(.reloadSection(try integer(value, r, minimum: 0)))
            case "moveSection":
                let m = try members(value, r, allowed: ["from", "to"])
                operations.append(.moveSection(from: try integer(try required(m, "from", r), r + ".from", minimum: 0),
                                               to: try integer(try required(m, "to", r), r + ".to", minimum: 0)))
            default:
                let m = try members(value, r, allowed: ["at", "id"])
                let id = try string(try required(m, "id", r), r + ".id", nonEmpty: true)
                operations.append(.insertSection(CollectionSection(id: SectionID(id), items: []),
                                                 at: try integer(try required(m, "at", r), r + ".at", minimum: 0)))
            }
        }
        return (BatchUpdate(operations), items: items)
    }

    /// A move command: `"up"`, `"down"`, `"toTop"`, `"toBottom"`, `{"by": n}` or `{"toSection": s}`.
    private func moveCommand(_ v: JSONValue, _ p: String) throws(SceneError) -> MoveCommand {
        if case .string(let name) = v.content {
            switch name {
            case "up": return .up
            case "down": return .down
            case "toTop": return .toTop
            case "toBottom": return .toBottom
            default:
                throw fail(p, v, "expected one of up, down, toTop, toBottom, {\"by\": n}, {\"toSection\": s}, found \(SceneError.quote(name))")
            }
        }
        let o = try members(v, p, allowed: ["by", "toSection"])
        if let n = o["by"], o["toSection"] == nil {
            let x = try number(n, p + ".by")
            guard x == x.rounded(), abs(x) <= 1_000_000_000 else {
                throw fail(p + ".by", n, "expected a whole number from -1000000000 to 1000000000, found \(x)")
            }
            return .by(Int(x))
        }
        if let s = o["toSection"], o["by"] == nil {
            return .toSection(try integer(s, p + ".toSection", minimum: 0))
        }
        throw fail(p, v, "expected exactly one of by, toSection")
    }

    /// `true` for the English announcements, `false` for none, or an object
    /// of templates (by ``AnnouncementStrings/Key``) in place of English ones.
    private func announcements(_ v: JSONValue, _ p: String) throws(SceneError) -> AnnouncementStrings? {
        if case .bool(let on) = v.content { return on ? .english : nil }
        let keys = AnnouncementStrings.Key.allCases.map(\.rawValue)
        guard case .object(let members) = try self.members(v, p, allowed: keys).content else { return nil }
        var overrides: [AnnouncementStrings.Key: String] = [:]
        for (name, value) in members {
            guard let key = AnnouncementStrings.Key(rawValue: name) else { continue }
            overrides[key] = try string(value, p + "." + name)
        }
        return AnnouncementStrings(overrides)
    }

    /// An item id defined twice (at the start and in a reload) must be defined the same way.
    private func checkConsistentItems(_ scene: Scene) throws(SceneError) {
        // Only the ids a reload names can be defined twice: the scene's own
        // items are kept for comparison only when a reload names them.
        var reloaded: Set<ItemID> = []
        for stimulus in scene.stimuli {
            for section in stimulus.sections ?? [] { for item in section.items { reloaded.insert(item.id) } }
        }
        guard !reloaded.isEmpty else { return }
        var seen: [ItemID: Scene.Item] = [:]
        for section in scene.sections { for item in section.items where reloaded.contains(item.id) { seen[item.id] = item } }
        for (i, stimulus) in scene.stimuli.enumerated() {
            guard let sections = stimulus.sections else { continue }
            for (s, section) in sections.enumerated() {
                for (j, item) in section.items.enumerated() {
                    if let earlier = seen[item.id], earlier != item {
                        throw SceneError(path: "stimuli[\(i)].\(stimulus.sectionsField)[\(s)].items[\(j)]",
                                         problem: "the item \(SceneError.quote(item.id.rawValue)) is defined differently from before; an item keeps its label, height, permissions and actions across reloads")
                    }
                    seen[item.id] = item
                }
            }
        }
    }
}
