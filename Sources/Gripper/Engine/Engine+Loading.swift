// A change to the loading machine changes the diagram in Documentation/DataSources.md too.
@_spi(Benchmarks) import GripperEditing
import GripperInput
import GripperLayout

extension Engine {
    /// The data source's loading state (see `LoadingStateMachine`): an
    /// engine opens in `initial`, and ``Stimulus/loading(_:content:)``
    /// stimuli move it.
    /// - Complexity: O(1).
    public var loadingState: LoadingStateMachine.State { loading.state }

    /// Whether a placeholder (no content, error) covers the content: then
    /// editing gestures do nothing (they are recognized and recorded, and
    /// reach no cell), and what was in flight was cancelled when it came.
    /// - Complexity: O(1).
    public var showsPlaceholder: Bool { loading.placeholder != nil }

    /// What the collection shows in place of its items now, if anything: the
    /// loading indicator during the first load, the no-content or error
    /// placeholder with the data source's title and message (also while a
    /// refresh of one is in flight). It spans the viewport below the global
    /// header at the current offset, in scroll space.
    /// - Complexity: O(1).
    public var contentPlaceholder: ContentPlaceholder? {
        let kind: ContentPlaceholder.Kind
        let words: LoadingPlaceholder?
        switch loading.state {
        case .loadingContent: kind = .loading; words = nil
        case .noContent(let p), .refreshing(.noContent(let p)): kind = .noContent; words = p
        case .error(let p), .refreshing(.error(let p)): kind = .error; words = p
        case .initial, .contentLoaded, .refreshing(.contentLoaded): return nil
        }
        return ContentPlaceholder(kind: kind, title: words?.title ?? "", message: words?.message ?? "",
                                  frame: ContentPlaceholder.area(viewport: layout.viewport, contentOffset: contentOffset,
                                                                 globalHeaderHeight: metrics.globalHeaderHeight))
    }

    /// Hands the loading machine `event` at `time` (the stimulus is already
    /// recorded): records what it did; a result that moved it lands its
    /// `content` as one app batch (the diff from what is shown, so a drag or
    /// an open cell goes on, re-based, unless its item left); a placeholder
    /// that appears cancels what is in flight. An ignored event changes
    /// nothing, content included.
    mutating func loadDue(_ event: LoadingEvent, content: [CollectionSection]?, at time: EventTime) {
        let step = loading.handle(event)
        append(.loading(step), at: time)
        guard case .moved = step else { return }
        if let content {
            guard let target = try? CollectionModel(sections: content) else {
                append(.rejected("\(event.name): the sections repeat an identity"), at: time)
                return
            }
            landDiff(to: target, for: event, at: time)
        }
        if showsPlaceholder {
            // A placeholder ends what the user was doing (a drag, an open
            // cell): the gesture too, so the rest of that contact is
            // ignored until it lifts, as after any interaction the app ends.
            transact(at: time, endedBy: .appChange) {
                $0.handle(.command(.cancelInteraction), at: time, geometry: $1, into: &$2)
            }
        }
    }
}

extension Engine {
    /// The loading state of the composed source's child keyed `key`: nil
    /// for a key that names no child or an engine whose rules are not a
    /// `ComposedDataSource`; `initial` until its first
    /// ``Stimulus/loadingChild(_:_:content:)``.
    /// - Complexity: O(key).
    public func loadingState(ofChild key: String) -> LoadingStateMachine.State? {
        guard let composed = delegate as? ComposedDataSource, composed.child(keyed: key) != nil else { return nil }
        return childLoading?.machine(of: key)?.state ?? .initial
    }

    /// Hands child `key`'s loading machine `event` at `time` (the stimulus
    /// is already recorded), with a result's `content` (the child's own
    /// sections, identities only): the group holds it while any child
    /// loads; what the group releases lands as one app batch, the diff from
    /// what is shown to the new composition, with what is in flight kept
    /// alive as for any app batch. The composition takes the new children.
    /// Then the children's placeholders follow their states
    /// (``sectionPlaceholders``).
    mutating func loadChildDue(_ key: String, _ event: LoadingEvent, content: [CollectionSection]?, at time: EventTime) {
        guard var composed = delegate as? ComposedDataSource else {
            append(.rejected("\(event.name): the data source is not composed"), at: time)
            return
        }
        guard let c = composed.child(keyed: key) else {
            append(.rejected("\(event.name): no child keyed \(Escaping.token(key))"), at: time)
            return
        }
        if let content, (try? CollectionModel(sections: content)) == nil {
            append(.rejected("\(event.name): the sections repeat an identity"), at: time)
            return
        }
        let coveredBefore = coveredByChildPlaceholders
        defer { followChildPlaceholders(coveredBefore: coveredBefore, at: time) }
        var group = childLoading ?? LoadingGroup(keys: composed.children.map(\.key))
        let child = composed.children[c]
        let loaded = content.map { sections in
            ChildDataSource(key: key, dataSource: LoadedSections(sections: sections, base: child.dataSource),
                            delegate: child.delegate)
        }
        let step = group.handle(event, forChild: key, content: loaded)
        childLoading = group
        if let s = step.step { append(.loading(s), at: time) }
        guard !step.released.isEmpty else { return }
        var next = composed
        for released in step.released {
            guard let i = next.child(keyed: released.key) else { continue }
            do { try next.replaceChild(i, with: released) } catch {
                append(.rejected("\(event.name): \(error)"), at: time)
                return
            }
        }
        let target: CollectionModel
        do { target = try CollectionModel(dataSource: next) } catch {
            append(.rejected("\(event.name): \(error)"), at: time)
            return
        }
        guard landDiff(to: target, for: event, at: time) else { return }
        composed = next
        replaceDelegate(composed)
    }
}

extension Engine {
    /// Lands `target` as one app batch, the diff from what is shown (a drag
    /// or an open cell goes on, re-based, unless its item left); a batch
    /// the machine refuses is a `rejected` entry naming `event`. Returns
    /// whether the model is now `target`.
    @discardableResult
    fileprivate mutating func landDiff(to target: CollectionModel, for event: LoadingEvent, at time: EventTime) -> Bool {
        let batch = model.diff(to: target)
        guard !batch.isEmpty else { return true }
        do {
            // A result whose diff took the dragged or open item away ends
            // the interaction, and so the gesture.
            try transact(at: time, endedBy: .appChange) { machine, _, effects throws(BatchUpdateError) in
                effects = try machine.apply(batch, at: time)
            }
            return true
        } catch {
            append(.rejected("\(event.name): \(error)"), at: time)
            return false
        }
    }
}

/// A child's sections after a load result: the identities the result
/// brings; heights, widths, columns and section metrics asked of the
/// child's data source by identity (as a reload's are of the scene's).
private struct LoadedSections: CollectionDataSource {
    let sections: [CollectionSection]
    let base: any CollectionDataSource

    var numberOfSections: Int { sections.count }
    func sectionID(at section: Int) -> SectionID { sections[section].id }
    func numberOfItems(inSection section: Int) -> Int { sections[section].items.count }
    func itemID(at indexPath: ItemPath) -> ItemID { sections[indexPath.section].items[indexPath.item] }
    var hasItemHeights: Bool { base.hasItemHeights }
    func height(ofItem item: ItemID, at indexPath: ItemPath) -> Double? { base.height(ofItem: item, at: indexPath) }
    func height(ofItemAt indexPath: ItemPath) -> Double? { height(ofItem: itemID(at: indexPath), at: indexPath) }
    var hasItemWidths: Bool { base.hasItemWidths }
    func width(ofItem item: ItemID, at indexPath: ItemPath) -> Double? { base.width(ofItem: item, at: indexPath) }
    func columns(ofSection section: SectionID) -> Int? { base.columns(ofSection: section) }
    func metrics(ofSection section: SectionID) -> SectionMetrics { base.metrics(ofSection: section) }
}

extension LoadingEvent {
    /// The event's fields in both transcript forms, as a stimulus line
    /// names it: `load`, `loaded`, `empty "title" "message"` ….
    var transcriptFields: [Transcript.Field] {
        switch self {
        case .beginLoading, .loadedContent, .refresh: [.word("name", name)]
        case .loadedEmpty(let p), .failed(let p): [.word("name", name), .token("title", p.title), .token("message", p.message)]
        }
    }
}

extension LoadingStep {
    /// The step's fields in both transcript forms: `initial -> loadingContent`
    /// (`"from"`, `"to"`), or `ignored loaded in initial` (`"ignored"`, `"in"`).
    var transcriptFields: [Transcript.Field] {
        switch self {
        case .moved(let from, let to): [.word("from", "\(from)"), .word("to", "\(to)", after: " -> ")]
        case .ignored(let state, let event):
            [Transcript.Field("ignored", json: Escaping.json(event.name), text: "ignored " + event.name),
             .word("in", "\(state)", after: " in ")]
        }
    }
}

extension Engine {
    /// The placeholders over children of a composed source, one per child
    /// whose own loading machine (moved by
    /// ``Stimulus/loadingChild(_:_:content:)``) shows one: the loading
    /// indicator during its first load, its no-content or error placeholder
    /// with the words its result gave (also while a refresh of one is in
    /// flight). Each covers its child's sections — from the top of the
    /// first one's items area to the bottom of the last one's, below their
    /// headers — and says which (`ContentPlaceholder.sections`). Its
    /// frame is the part of that span in the viewport below the global
    /// header, so its words stay in view; the whole span when none of it is
    /// in view. A child with no sections has nowhere to show one. The
    /// first section of such a child keeps an items area at least
    /// `LayoutMetrics.sectionPlaceholderHeight` tall, so an empty child
    /// still has room. Editing gestures on a no-content or error
    /// placeholder reach no cell and a drag opens no gap under it (the
    /// editing machine keeps the covered sections); the rest of the
    /// collection works as ever.
    /// - Complexity: O(c + log n) for c children.
    public var sectionPlaceholders: [ContentPlaceholder] {
        guard childLoading != nil else { return [] }
        let visible = ContentPlaceholder.area(viewport: layout.viewport, contentOffset: contentOffset,
                                              globalHeaderHeight: metrics.globalHeaderHeight)
        return childPlaceholderSpans.compactMap { span in
            guard let first = layout.itemsFrame(ofSection: span.sections.lowerBound, presentation: presentation),
                  let last = layout.itemsFrame(ofSection: span.sections.upperBound - 1, presentation: presentation)
            else { return nil }
            let whole = Rect(x: 0, y: first.minY, width: layout.viewport.width, height: max(0, last.maxY - first.minY))
            let top = max(whole.minY, visible.minY), bottom = min(whole.maxY, visible.maxY)
            let frame = bottom > top ? Rect(x: 0, y: top, width: whole.width, height: bottom - top) : whole
            return ContentPlaceholder(kind: span.kind, title: span.words?.title ?? "",
                                      message: span.words?.message ?? "", frame: frame, sections: span.sections)
        }
    }

    /// One child's placeholder: which, its words, and its sections (never empty).
    struct ChildPlaceholderSpan {
        var key: String
        var kind: ContentPlaceholder.Kind
        var words: LoadingPlaceholder?
        var sections: Range<Int>
    }

    /// The children that show a placeholder, in order; empty unless the
    /// rules are a composed source whose children have loaded.
    /// - Complexity: O(c) for c children.
    var childPlaceholderSpans: [ChildPlaceholderSpan] {
        guard let group = childLoading, let composed = delegate as? ComposedDataSource else { return [] }
        var out: [ChildPlaceholderSpan] = []
        for (c, child) in composed.children.enumerated() {
            guard let state = group.machine(of: child.key)?.state, let shown = Self.placeholder(of: state) else { continue }
            let sections = composed.sections(ofChild: c)
            guard !sections.isEmpty, sections.upperBound <= model.sections.count else { continue }
            out.append(ChildPlaceholderSpan(key: child.key, kind: shown.kind, words: shown.words, sections: sections))
        }
        return out
    }

    /// What a loading state shows in place of content, if anything.
    static func placeholder(of state: LoadingStateMachine.State) -> (kind: ContentPlaceholder.Kind, words: LoadingPlaceholder?)? {
        switch state {
        case .loadingContent: (.loading, nil)
        case .noContent(let p), .refreshing(.noContent(let p)): (.noContent, p)
        case .error(let p), .refreshing(.error(let p)): (.error, p)
        case .initial, .contentLoaded, .refreshing(.contentLoaded): nil
        }
    }

    /// Brings the room kept for children's placeholders in step with their
    /// loading states (the first section of each child showing one keeps
    /// `LayoutMetrics.sectionPlaceholderHeight`), and cancels what is in
    /// flight on a child a no-content or error placeholder now covers.
    mutating func followChildPlaceholders(coveredBefore: [Range<Int>], at time: EventTime) {
        reserveChildPlaceholderRoom(at: time)
        let covered = coveredByChildPlaceholders
        guard covered != coveredBefore, let touched = touchedSections, !touched.isEmpty,
              touched.contains(where: { s in covered.contains { $0.contains(s) } }) else { return }
        transact(at: time, endedBy: .appChange) {
            $0.handle(.command(.cancelInteraction), at: time, geometry: $1, into: &$2)
        }
    }

    /// Keeps room under the first section of each child that shows a
    /// placeholder, and none elsewhere, and notes the sections the
    /// no-content and error ones cover (after a load, and after any change
    /// to the content: an app batch may move a child's sections); returns
    /// the children's placeholders.
    /// - Complexity: O(c) for c children when the room kept is unchanged;
    ///   else a layout rebuild.
    @discardableResult
    mutating func reserveChildPlaceholderRoom(at time: EventTime) -> [ChildPlaceholderSpan] {
        let spans = childPlaceholderSpans
        coveredByChildPlaceholders = spans.filter { $0.kind != .loading }.map(\.sections)
        var reserved: [SectionID: Double] = [:]
        for span in spans {
            reserved[model.sections[span.sections.lowerBound].id] = metrics.sectionPlaceholderHeight
        }
        for problem in sync.reserve(reserved, model: model) {
            switch problem {
            case .layoutRejected(let why): append(.rejected(why), at: time)
            case .dataSource(let error): append(.dataSource(error), at: time)
            }
        }
        return spans
    }

    /// The sections of what is in flight: a drag's items and gap, a swiped
    /// or open cell, a delete confirmation; nil when nothing is.
    private var touchedSections: [Int]? {
        let p = presentation
        var out: [Int] = []
        if let d = p.drag { out += [d.source.section, d.target.section] + d.companions.map(\.section) }
        if let s = p.swipe { out.append(s.indexPath.section) }
        if let c = p.deleteConfirmation { out.append(c.section) }
        return out.isEmpty ? nil : out
    }
}
