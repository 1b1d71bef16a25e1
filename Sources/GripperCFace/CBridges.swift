import CGripper
import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout

/// The app's data as libgripper read it at open: every section and item
/// identity (and height) copied out of the C data source, so no callback
/// runs after the open returns. A class: the model reads it through an
/// existential on every lookup, which then copies a reference, not three
/// arrays.
final class CArrayDataSource: CollectionDataSource, @unchecked Sendable {
    let sectionIDs: [SectionID]
    let items: [[ItemID]]
    /// Per section, the items' heights; nil when the source gave none.
    let heights: [[Double]]?

    init(sectionIDs: [SectionID], items: [[ItemID]], heights: [[Double]]?) {
        self.sectionIDs = sectionIDs
        self.items = items
        self.heights = heights
    }

    var numberOfSections: Int { sectionIDs.count }
    func sectionID(at section: Int) -> SectionID { sectionIDs[section] }
    func numberOfItems(inSection section: Int) -> Int { items[section].count }
    func itemID(at indexPath: ItemPath) -> ItemID { items[indexPath.section][indexPath.item] }
    var hasItemHeights: Bool { heights != nil }
    func height(ofItemAt indexPath: ItemPath) -> Double? {
        guard let heights, heights.indices.contains(indexPath.section),
              heights[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return heights[indexPath.section][indexPath.item]
    }
    func height(ofItem item: ItemID, at indexPath: ItemPath) -> Double? { height(ofItemAt: indexPath) }

    /// The most sections and items libgripper reads from a data source.
    static let maximumSections = 1_000_000
    static let maximumItems = 100_000_000
}

/// Why a C data source could not be read.
struct CSourceProblem: Error {
    var status: gripper_status
    var message: String
}

/// Text from C: nil for NULL, a problem for bytes that are not UTF-8.
func cString(_ p: UnsafePointer<CChar>?) -> Result<String, CSourceProblem>? {
    guard let p else { return nil }
    let length = strlen(p)
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: length)
    guard let s = String(validating: bytes, as: UTF8.self) else {
        return .failure(CSourceProblem(status: GRIPPER_ERROR_UTF8, message: "not valid UTF-8"))
    }
    return .success(s)
}

@_silgen_name("strlen") private func strlen(_ s: UnsafePointer<CChar>) -> Int

/// An identity from C: non-empty UTF-8.
func identity(_ p: UnsafePointer<CChar>?, what: @autoclosure () -> String) throws(CSourceProblem) -> String {
    switch cString(p) {
    case nil:
        throw CSourceProblem(status: GRIPPER_ERROR_DATA_SOURCE, message: "\(what()) is NULL")
    case .failure:
        throw CSourceProblem(status: GRIPPER_ERROR_UTF8, message: "\(what()) is not valid UTF-8")
    case .success(let s):
        guard !s.isEmpty else { throw CSourceProblem(status: GRIPPER_ERROR_UTF8, message: "\(what()) is empty") }
        return s
    }
}

extension CArrayDataSource {
    /// Reads a C data source whole, checking every answer.
    convenience init(_ source: gripper_data_source) throws(CSourceProblem) {
        guard let sectionCount = source.section_count, let sectionID = source.section_id,
              let itemCount = source.item_count, let itemID = source.item_id else {
            throw CSourceProblem(status: GRIPPER_ERROR_NULL,
                                 message: "the data source lacks a required callback (section_count, section_id, item_count, item_id)")
        }
        let user = source.user
        let n = sectionCount(user)
        guard n >= 0, n <= Self.maximumSections else {
            throw CSourceProblem(status: GRIPPER_ERROR_DATA_SOURCE,
                                 message: "section_count returned \(n), more than \(Self.maximumSections)")
        }
        var ids: [SectionID] = []
        var items: [[ItemID]] = []
        var heights: [[Double]]? = source.item_height == nil ? nil : []
        var total = 0
        ids.reserveCapacity(n)
        for s in 0..<n {
            ids.append(SectionID(try identity(sectionID(user, s), what: "section_id(\(s))")))
            let count = itemCount(user, s)
            guard count >= 0, count <= Self.maximumItems - total else {
                throw CSourceProblem(status: GRIPPER_ERROR_DATA_SOURCE,
                                     message: "item_count(\(s)) returned \(count): more than \(Self.maximumItems) items in all")
            }
            total += count
            var section: [ItemID] = []
            section.reserveCapacity(count)
            for i in 0..<count {
                section.append(ItemID(try identity(itemID(user, s, i), what: "item_id(\(s), \(i))")))
            }
            items.append(section)
            if let height = source.item_height {
                var hs: [Double] = []
                hs.reserveCapacity(count)
                for i in 0..<count {
                    let h = height(user, s, i)
                    guard h.isFinite, h > 0, h <= 1e7 else {
                        throw CSourceProblem(status: GRIPPER_ERROR_DATA_SOURCE,
                                             message: "item_height(\(s), \(i)) returned \(h); expected a number above 0 and at most 1e7")
                    }
                    hs.append(h)
                }
                heights?.append(hs)
            }
        }
        self.init(sectionIDs: ids, items: items, heights: heights)
        try checkUnique()
    }

    /// Refuses a section or item identity that repeats: the model must
    /// never hold an item twice.
    func checkUnique() throws(CSourceProblem) {
        var sections = Set<SectionID>(minimumCapacity: sectionIDs.count)
        for (s, id) in sectionIDs.enumerated() where !sections.insert(id).inserted {
            throw CSourceProblem(status: GRIPPER_ERROR_DATA_SOURCE, message: "section \(s)'s identity \"\(id.rawValue)\" repeats")
        }
        var seen = Set<ItemID>(minimumCapacity: items.reduce(0) { $0 + $1.count })
        for (s, list) in items.enumerated() {
            for (i, id) in list.enumerated() where !seen.insert(id).inserted {
                throw CSourceProblem(status: GRIPPER_ERROR_DATA_SOURCE,
                                     message: "item [\(s),\(i)]'s identity \"\(id.rawValue)\" repeats")
            }
        }
    }

    /// Reads plain arrays.
    convenience init(sections: UnsafePointer<gripper_section_data>?, count: Int) throws(CSourceProblem) {
        guard count <= Self.maximumSections else {
            throw CSourceProblem(status: GRIPPER_ERROR_DATA_SOURCE, message: "\(count) sections, more than \(Self.maximumSections)")
        }
        guard count == 0 || sections != nil else {
            throw CSourceProblem(status: GRIPPER_ERROR_NULL, message: "sections is NULL with a section count of \(count)")
        }
        var ids: [SectionID] = []
        var items: [[ItemID]] = []
        var heights: [[Double]] = []
        var anyHeights = false
        var total = 0
        for s in 0..<count {
            let section = sections![s]
            ids.append(SectionID(try identity(section.id, what: "sections[\(s)].id")))
            let n = section.item_count
            guard n <= Self.maximumItems - total else {
                throw CSourceProblem(status: GRIPPER_ERROR_DATA_SOURCE,
                                     message: "sections[\(s)].item_count is \(n): more than \(Self.maximumItems) items in all")
            }
            total += n
            guard n == 0 || section.item_ids != nil else {
                throw CSourceProblem(status: GRIPPER_ERROR_NULL, message: "sections[\(s)].item_ids is NULL with \(n) items")
            }
            var list: [ItemID] = []
            list.reserveCapacity(n)
            for i in 0..<n {
                list.append(ItemID(try identity(section.item_ids![i], what: "sections[\(s)].item_ids[\(i)]")))
            }
            items.append(list)
            var hs: [Double] = []
            if let given = section.item_heights {
                anyHeights = true
                hs.reserveCapacity(n)
                for i in 0..<n {
                    let h = given[i]
                    guard h.isFinite, h > 0, h <= 1e7 else {
                        throw CSourceProblem(status: GRIPPER_ERROR_DATA_SOURCE,
                                             message: "sections[\(s)].item_heights[\(i)] is \(h); expected a number above 0 and at most 1e7")
                    }
                    hs.append(h)
                }
            }
            heights.append(hs)
        }
        // Sections without heights of their own take the row height.
        self.init(sectionIDs: ids, items: items, heights: anyHeights ? heights : nil)
        try checkUnique()
    }
}

/// Counts and words of the callbacks' answers that were out of range,
/// shared by the delegate (which the engine holds) and the handle.
final class CallbackLog: @unchecked Sendable {
    var errors: UInt64 = 0
    var lastMessage: String?
    /// The title of each action the delegate named, by identity (what an
    /// action button shows).
    var actionTitles: [String: String] = ["delete": "Delete"]

    func note(_ message: String) {
        errors &+= 1
        lastMessage = message
    }
}

/// The app's rules as C callbacks. Runs only inside an engine call, on
/// the caller's thread (the handle's rule), so the unchecked sendability
/// holds. Answers out of range become the safe answer and are logged.
struct CDelegate: CollectionDelegate, @unchecked Sendable {
    let callbacks: gripper_delegate?
    let selectionMode: SelectionMode
    let log: CallbackLog

    var acceptsDropsIntoItems: Bool { false }

    private func with<R>(_ item: ItemID, _ body: (UnsafePointer<CChar>) -> R) -> R {
        item.rawValue.withCString(body)
    }

    func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool {
        guard let f = callbacks?.can_edit else { return true }
        return with(item) { f(callbacks?.user, $0, indexPath.section, indexPath.item) != 0 }
    }

    func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool {
        guard let f = callbacks?.can_move else { return true }
        return with(item) { f(callbacks?.user, $0, indexPath.section, indexPath.item) != 0 }
    }

    func canSelect(_ item: ItemID, at indexPath: ItemPath) -> Bool {
        guard let f = callbacks?.can_select else { return true }
        return with(item) { f(callbacks?.user, $0, indexPath.section, indexPath.item) != 0 }
    }

    // A scene's rules: highlighting follows selecting.
    func canHighlight(_ item: ItemID, at indexPath: ItemPath) -> Bool { canSelect(item, at: indexPath) }

    func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
        guard let f = callbacks?.target_for_move else { return .accept }
        var section = proposed.section, index = proposed.item
        let answer = with(item) { f(callbacks?.user, $0, source.section, source.item, &section, &index) }
        switch Int(answer) {
        case Int(GRIPPER_MOVE_ACCEPT.rawValue): return .accept
        case Int(GRIPPER_MOVE_VETO.rawValue): return .veto
        case Int(GRIPPER_MOVE_REDIRECT.rawValue):
            // size_t past Int.max reads as negative here; the machine checks the rest.
            guard section >= 0, index >= 0 else {
                log.note("target_for_move redirected \(item) to (\(section), \(index)), out of range: vetoed")
                return .veto
            }
            return .redirect(ItemPath(section: section, item: index))
        default:
            log.note("target_for_move returned \(answer) for \(item), not a gripper_move_answer: vetoed")
            return .veto
        }
    }

    func trailingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        actions(item, indexPath, edge: GRIPPER_EDGE_TRAILING) ?? SwipeActions([.delete], fullSwipeAction: "delete")
    }

    func leadingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        actions(item, indexPath, edge: GRIPPER_EDGE_LEADING) ?? .none
    }

    /// The most actions a side (or a menu) may have.
    static let actionCapacity = 16

    /// The callback's actions for one side; nil when there is no callback.
    private func actions(_ item: ItemID, _ indexPath: ItemPath, edge: gripper_edge) -> SwipeActions? {
        guard let f = callbacks?.swipe_actions else { return nil }
        var buffer = [gripper_action](repeating: gripper_action(), count: Self.actionCapacity)
        let count = buffer.withUnsafeMutableBufferPointer { out in
            with(item) { f(callbacks?.user, $0, indexPath.section, indexPath.item, Int32(edge.rawValue), out.baseAddress, Self.actionCapacity) }
        }
        return actions(buffer, count: count, of: item, from: "swipe_actions", fullSwipe: true)
    }

    /// The item's menu entries (`menu_actions`); none without the callback.
    func menuActions(for item: ItemID, at indexPath: ItemPath) -> [EditingAction] {
        guard let f = callbacks?.menu_actions else { return [] }
        var buffer = [gripper_action](repeating: gripper_action(), count: Self.actionCapacity)
        let count = buffer.withUnsafeMutableBufferPointer { out in
            with(item) { f(callbacks?.user, $0, indexPath.section, indexPath.item, out.baseAddress, Self.actionCapacity) }
        }
        return actions(buffer, count: count, of: item, from: "menu_actions", fullSwipe: false).actions
    }

    /// The actions a callback (`name`) wrote to `buffer`, checked: an
    /// answer out of range is none, with a note.
    private func actions(_ buffer: [gripper_action], count: Int, of item: ItemID, from name: String,
                         fullSwipe: Bool) -> SwipeActions {
        guard count <= Self.actionCapacity else {
            log.note("\(name) returned \(count) for \(item), more than the capacity \(Self.actionCapacity): no actions")
            return SwipeActions.none
        }
        var list: [EditingAction] = []
        var full: ActionID?
        var seen: Set<String> = []
        for k in 0..<count {
            let a = buffer[k]
            guard case .success(let id)? = cString(a.id), !id.isEmpty, !seen.contains(id) else {
                log.note("\(name) gave action \(k) of \(item) a NULL, empty, repeated or non-UTF-8 id: no actions")
                return SwipeActions.none
            }
            seen.insert(id)
            var title = id
            if let t = cString(a.title) {
                guard case .success(let s) = t else {
                    log.note("\(name) gave action \(id) of \(item) a title that is not UTF-8: no actions")
                    return SwipeActions.none
                }
                title = s
            }
            list.append(EditingAction(id: ActionID(id), title: title, style: a.destructive != 0 ? .destructive : .normal))
            log.actionTitles[id] = title
            if fullSwipe, a.full_swipe != 0 {
                guard full == nil else {
                    log.note("\(name) marked two actions of \(item) for a full swipe: no actions")
                    return SwipeActions.none
                }
                full = ActionID(id)
            }
        }
        return SwipeActions(list, fullSwipeAction: full)
    }

    func perform(_ action: EditingAction, on item: ItemID, at indexPath: ItemPath) -> ActionOutcome {
        if action.style == .destructive { return .deleteItem }
        guard let f = callbacks?.perform_action else { return .keepItem }
        let answer = action.id.rawValue.withCString { a in with(item) { f(callbacks?.user, a, $0, indexPath.section, indexPath.item) } }
        return answer != 0 ? .deleteItem : .keepItem
    }

    func accessibilityLabel(for item: ItemID) -> String {
        guard let f = callbacks?.accessibility_label else { return item.rawValue }
        switch cString(with(item) { f(callbacks?.user, $0) }) {
        case nil: return item.rawValue
        case .failure:
            log.note("accessibility_label of \(item) is not UTF-8: its identity is used")
            return item.rawValue
        case .success(let s): return s
        }
    }
}
