/// The loading machines of a composed source's children, and the children's
/// new content held back while any of them loads, so that the screen
/// changes once when all have finished — the "update blocks" of
/// the WWDC 2014 talk *Advanced User Interfaces with Collection Views*.
///
/// Each child (by key) has a ``LoadingStateMachine``. A child's new content
/// (a result that comes with its data, or a plain change,
/// ``update(_:)``) is held while any child is loading, and released with
/// the event that ends the last load in flight: the app applies what is
/// released as one batch (`Engine.land(_:in:at:)`). When nothing is
/// loading, an update is released at once.
///
/// ```swift
/// var group = LoadingGroup(keys: ["pinned", "recent"])
/// group.handle(.beginLoading, forChild: "pinned")
/// group.handle(.beginLoading, forChild: "recent")
/// group.handle(.loadedContent, forChild: "pinned", content: pinned).released   // [] (recent still loads)
/// group.handle(.loadedContent, forChild: "recent", content: recent).released   // [pinned, recent]
/// ```
package struct LoadingGroup: Sendable {
    /// The children's keys, in order.
    package let keys: [String]
    /// Each child's machine, by key.
    package private(set) var machines: [String: LoadingStateMachine]
    /// The keys of the children with content held back, in the order it
    /// arrived (a later content of the same child replaces the earlier).
    private var heldOrder: [String] = []
    /// The content held back, by key.
    private var held: [String: HeldContent] = [:]

    /// What one event did to the group.
    package struct Step: Sendable {
        /// What the child's machine did; nil when no child has the key.
        package var step: LoadingStep?
        /// The content released by this event, in arrival order; empty
        /// while a child still loads or when nothing was held.
        package var released: [ChildDataSource]
    }

    /// A group of machines in ``LoadingStateMachine/State/initial``; a key
    /// that repeats counts once.
    package init(keys: [String]) {
        var seen = Set<String>()
        self.keys = keys.filter { seen.insert($0).inserted }
        machines = Dictionary(uniqueKeysWithValues: self.keys.map { ($0, LoadingStateMachine()) })
    }

    /// The machine of the child keyed `key`.
    package func machine(of key: String) -> LoadingStateMachine? { machines[key] }

    /// Whether any child is loading (or refreshing).
    /// - Complexity: O(c) for c children.
    package var isLoading: Bool { machines.values.contains { $0.isLoading } }

    /// How many children have content held back.
    package var heldCount: Int { heldOrder.count }

    /// Hands child `key` its event, and with a result its new content
    /// (`content`, ignored with an event the machine ignores: a stale
    /// result brings no content). Releases what is held when this event
    /// ends the last load in flight.
    /// - Complexity: O(c) for c children.
    @discardableResult
    package mutating func handle(_ event: LoadingEvent, forChild key: String,
                                content: ChildDataSource? = nil) -> Step {
        guard var machine = machines[key] else { return Step(step: nil, released: []) }
        let step = machine.handle(event)
        machines[key] = machine
        if case .moved = step, let content { hold(content, key: key) }
        return Step(step: step, released: isLoading ? [] : takeHeld())
    }

    /// A child's new content outside a load (a plain change): released at
    /// once when nothing loads, else held until the loads finish. Content
    /// whose key is not in the group is released as it comes.
    /// - Complexity: O(c) for c children.
    package mutating func update(_ content: ChildDataSource) -> [ChildDataSource] {
        guard machines[content.key] != nil else { return [content] }
        hold(content, key: content.key)
        return isLoading ? [] : takeHeld()
    }

    private mutating func hold(_ content: ChildDataSource, key: String) {
        if held.updateValue(HeldContent(child: content), forKey: key) == nil { heldOrder.append(key) }
    }

    private mutating func takeHeld() -> [ChildDataSource] {
        defer { held = [:]; heldOrder = [] }
        return heldOrder.compactMap { held[$0]?.child }
    }
}

/// A child's content held back.
private struct HeldContent: Sendable {
    var child: ChildDataSource
}
