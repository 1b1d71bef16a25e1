@_spi(Benchmarks) import GripperEditing
import GripperInput
@_spi(Benchmarks) import GripperLayout

extension Engine {
    /// Replaces the app's rules from now on: the next question the engine
    /// asks (a touch, a gap change, a swipe) goes to `delegate`. What is in
    /// flight stays as it is (a drag keeps its gap until the next change).
    /// Composed and segmented sources change their rules with their
    /// children; ``apply(_:toChild:of:becoming:at:)`` and
    /// ``switchSegment(of:to:at:)`` call this for them. When the engine
    /// keeps a composed source's loading children, their placeholders
    /// follow the new composition's sections.
    /// - Complexity: O(1); O(c) for c children while children load.
    public mutating func replaceDelegate(_ delegate: any CollectionDelegate) {
        machine.policy = delegate
        if childLoading != nil { reserveChildPlaceholderRoom(at: now ?? .zero) }
    }

    /// Applies a change of one child of a composed source: `batch`, in the
    /// child's own index paths, turns the child into `newChild`. The batch
    /// is mapped to global index paths and applied as the app's batch
    /// (``apply(_:at:)-(BatchUpdate,_)``: same validation, same re-basing of
    /// what is in flight, one journal entry, one transition); only then does
    /// `composed` take the new child, and, when the engine's rules are a
    /// composed source, it takes the new `composed` as its rules.
    ///
    /// ```swift
    /// // "recent" (child 1) got a new note at the top of its first section.
    /// let newRecent = ChildDataSource(key: "recent", Recent(notes: [note] + recent))
    /// try engine.apply(BatchUpdate([.insertItem(note.id, at: ItemPath(section: 0, item: 0))]),
    ///                  toChild: 1, of: &home, becoming: newRecent, at: now)
    /// ```
    /// - Throws: ``SourceUpdateError``: no such child, a batch that reaches
    ///   outside the child's sections, a new child whose section count the
    ///   batch does not explain, or a batch the engine rejects. Nothing
    ///   changes then, neither the engine nor `composed`.
    /// - Complexity: O(k) to map k operations, O(c + s) to re-read the
    ///   children's section counts, plus the batch's own cost.
    @discardableResult
    public mutating func apply(_ batch: BatchUpdate, toChild child: Int, of composed: inout ComposedDataSource,
                               becoming newChild: ChildDataSource,
                               at time: EventTime) throws(SourceUpdateError) -> [Transcript.Entry] {
        guard let global = composed.globalBatch(batch, inChild: child) else {
            throw .composition(.noSuchChild(child, count: composed.children.count))
        }
        guard let expected = composed.sectionCount(afterBatch: batch, inChild: child) else {
            throw .outsideChild(child: child, operation: Self.firstOutside(batch, sections: composed.sections(ofChild: child).count))
        }
        let found = newChild.dataSource.numberOfSections
        guard found == expected else {
            throw .composition(.sectionCountMismatch(child: child, expected: expected, found: found))
        }
        var next = composed
        do { try next.replaceChild(child, with: newChild) } catch { throw .composition(error) }
        let entries: [Transcript.Entry]
        do { entries = try apply(global, at: time) } catch { throw .batch(error) }
        composed = next
        if delegate is ComposedDataSource { replaceDelegate(next) }
        return entries
    }

    /// Shows segment `index` of `segmented`: the engine's content is
    /// replaced wholesale by the new segment, as opening a collection on it
    /// would (each section a lazy view of the segment; no item's identity
    /// read), in one app entry whose transcript line says how much came in
    /// (`appBatch #3 segment 1 sent: sections 0..1, 100000 items`), never
    /// every item. Every item shown leaves, so a drag, an open cell or a
    /// delete confirmation in flight is cancelled first, the selection
    /// empties, and the rest of that contact is ignored until it lifts; a
    /// transition animates the change (the old cells on screen go, the new
    /// ones come). The journal restarts at the new content: the user's undo
    /// stops there, as at any app change. Then `segmented` shows the new
    /// segment and, when the engine's rules are a segmented source, it
    /// takes the new `segmented` as its rules. Switching to the segment
    /// shown does nothing.
    ///
    /// What is checked: the segment exists; its sections' identities are
    /// unique and their counts not negative (`DataSourceError`). What is
    /// trusted: item identities are unique in the segment and not shared
    /// with another segment — the data source's promise, as when a
    /// collection opens; a repeat is found where an edit meets it (the edit
    /// is refused, nothing is lost). A segment whose counts later change
    /// without a batch gets the engine's documented fallback for a source
    /// that contradicts itself (`Documentation/Engine.md`).
    ///
    /// ```swift
    /// try engine.switchSegment(of: &mail, to: 1, at: now)
    /// // 2.500000 appBatch #3 segment 1 sent: sections 0..0, 2 items
    /// ```
    /// - Throws: ``SourceUpdateError`` for no such segment or a segment
    ///   that contradicts itself (a repeated section identity, a negative
    ///   count); nothing changes then.
    /// - Complexity: O(s) for the s sections shown before and after, O(1)
    ///   per thing in flight, plus the layout's rebuild (O(s) with fixed
    ///   row heights and no per-item heights) and a transition that costs
    ///   what is on screen. Independent of the item count.
    @discardableResult
    public mutating func switchSegment(of segmented: inout SegmentedDataSource, to index: Int,
                                       at time: EventTime) throws(SourceUpdateError) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        try switchSegmentDue(of: &segmented, to: index, at: time)
        return takeOutbox()
    }

    /// A ``Stimulus/switchSegment(_:)`` at `time` (what is due before it
    /// already fired): the engine's rules are the segmented source switched.
    mutating func switchSegmentDue(_ index: Int, at time: EventTime) {
        guard var segmented = delegate as? SegmentedDataSource else {
            append(.rejected("segment: the data source is not segmented"), at: time)
            return
        }
        do { try switchSegmentDue(of: &segmented, to: index, at: time) } catch {
            append(.rejected("segment: \(error)"), at: time)
        }
    }

    /// ``switchSegment(of:to:at:)`` with what is due already fired; the
    /// entries stay for the next public call.
    private mutating func switchSegmentDue(of segmented: inout SegmentedDataSource, to index: Int,
                                           at time: EventTime) throws(SourceUpdateError) {
        guard index >= 0, index < segmented.segments.count else {
            throw .composition(.noSuchChild(index, count: segmented.segments.count))
        }
        guard index != segmented.selectedIndex else { return }
        var next = segmented
        do { try next.select(index) } catch { throw .composition(error) }
        let content: CollectionModel
        do { content = try CollectionModel(dataSource: next.shown) } catch { throw .dataSource(error) }
        var items = 0
        for section in content.sections { items = items.addingReportingOverflow(section.items.count).partialValue }
        let replacement = ContentReplacement(segment: index, key: next.segments[index].key,
                                             sectionsBefore: model.numberOfSections,
                                             sections: content.numberOfSections, items: items)
        replaceContent(with: content, as: replacement, at: time)
        segmented = next
        if delegate is SegmentedDataSource { replaceDelegate(next) }
    }

    /// Puts `content` in place of the whole model as the app's change
    /// `replacement`, cancelling what is in flight; see
    /// ``switchSegment(of:to:at:)``.
    private mutating func replaceContent(with content: CollectionModel, as replacement: ContentReplacement,
                                         at time: EventTime) {
        if now.map({ time > $0 }) ?? true { now = time }
        transact(at: time, endedBy: .appChange) { $2 = $0.replaceContent(with: content, as: replacement, at: time) }
    }

    /// The index path edits of a wholesale replacement, for matching
    /// elements across it: every section before removed, every section
    /// after inserted (so nothing on screen is matched: the old cells go,
    /// the new ones come).
    /// - Complexity: O(s) for the s sections before and after.
    static func mappingEdits(replacing r: ContentReplacement) -> [ItemPathMapping.Edit] {
        (0..<max(0, r.sectionsBefore)).reversed().map { .deleteSection($0) }
            + (0..<max(0, r.sections)).map { .insertSection($0) }
    }

    /// Lands new content for children of a composed source — what a
    /// `LoadingGroup` released when the last load finished: each child in
    /// `released` replaces the child with its key in `composed`, and the
    /// engine gets one app batch, the diff from what it shows to the new
    /// composition (`CollectionModel/diff(to:)`: moves where items moved,
    /// so a renderer animates it). What is in flight stays alive as for any
    /// app batch: a drag goes on (re-based) unless its item left, an open
    /// cell stays open unless its item left. When the engine's rules are a
    /// composed source it takes the new `composed`. Nothing released does
    /// nothing.
    ///
    /// ```swift
    /// let step = group.handle(.loadedContent, forChild: "recent", content: newRecent)
    /// try engine.land(step.released, in: &home, at: now)   // one batch, or nothing yet
    /// ```
    /// - Throws: ``SourceUpdateError``: a key that is no child, new content
    ///   that contradicts itself, or a diff the engine rejects (identities
    ///   repeated across children); nothing changes then.
    /// - Complexity: O(n log n) for the n items shown and landed (the diff
    ///   reads every identity), plus the batch's cost.
    @discardableResult
    public mutating func land(_ released: [ChildDataSource], in composed: inout ComposedDataSource,
                              at time: EventTime) throws(SourceUpdateError) -> [Transcript.Entry] {
        guard !released.isEmpty else { return fire(until: time) }
        var next = composed
        for child in released {
            guard let c = next.child(keyed: child.key) else {
                throw .composition(.noSuchChild(-1, count: next.children.count))
            }
            do { try next.replaceChild(c, with: child) } catch { throw .composition(error) }
        }
        let entries = try land(next, at: time)
        composed = next
        if delegate is ComposedDataSource { replaceDelegate(next) }
        return entries
    }

    /// Lands new content for the whole collection (a refresh's result): one
    /// app batch, the diff from what the engine shows to `content`'s
    /// model, with what is in flight kept alive as for any app batch. The
    /// engine's rules stay as they are (``replaceDelegate(_:)`` changes them).
    /// - Throws: ``SourceUpdateError``: content that contradicts itself, or
    ///   a diff the engine rejects; nothing changes then.
    /// - Complexity: O(n log n) for the n items shown and landed.
    @discardableResult
    public mutating func land(_ content: any CollectionDataSource, at time: EventTime) throws(SourceUpdateError) -> [Transcript.Entry] {
        let target: CollectionModel
        do { target = try CollectionModel(dataSource: content) } catch { throw .dataSource(error) }
        let batch = model.diff(to: target)
        guard !batch.isEmpty else { return fire(until: time) }
        do { return try apply(batch, at: time) } catch { throw .batch(error) }
    }

    /// The first operation of `batch` that names a section outside `0 ..< sections`
    /// (before) or outside what the child has after it.
    private static func firstOutside(_ batch: BatchUpdate, sections: Int) -> BatchUpdate.Operation {
        var after = sections
        for op in batch.operations {
            switch op {
            case .deleteSection: after -= 1
            case .insertSection: after += 1
            case .deleteItem, .insertItem, .reloadItem, .moveItem, .moveSection, .reloadSection: break
            }
        }
        for op in batch.operations {
            switch op {
            case .deleteSection(let s), .reloadSection(let s):
                if s < 0 || s >= sections { return op }
            case .moveSection(let from, let to):
                if from < 0 || from >= sections || to < 0 || to >= after { return op }
            case .deleteItem(let p), .reloadItem(let p):
                if p.section < 0 || p.section >= sections { return op }
            case .insertSection(_, let s):
                if s < 0 || s >= after { return op }
            case .insertItem(_, let p):
                if p.section < 0 || p.section >= after { return op }
            case .moveItem(let from, let to):
                if from.section < 0 || from.section >= sections || to.section < 0 || to.section >= after { return op }
            }
        }
        return batch.operations.first ?? .deleteSection(-1)
    }
}

// MARK: - The global header's segment control

extension Engine {
    /// Where the global header's segment control puts each segment of a
    /// segmented data source (``/GripperEditing/SegmentedDataSource``), in
    /// order, in viewport coordinates of the layout's scroll space: the
    /// global header divided into equal parts. A tap in one (the editing
    /// machine at rest) switches to that segment, as
    /// ``switchSegment(of:to:at:)`` does, written as a `segmentTapped`
    /// entry before the switch. Draw the control here. Empty without a
    /// global header or a segmented source of two segments or more.
    /// - Complexity: O(s) for s segments.
    public func segmentFrames() -> [Rect] {
        // No global header, no control: no cast of the delegate on a tap.
        guard metrics.globalHeaderHeight > 0, let segmented = delegate as? SegmentedDataSource,
              segmented.segments.count >= 2,
              let header = layout.attributes(for: ElementID(kind: .globalHeader, indexPath: nil), presentation: presentation,
                                             contentOffset: contentOffset),
              header.frame.width > 0, header.frame.height > 0 else { return [] }
        let n = segmented.segments.count
        let width = header.frame.width / Double(n)
        return (0..<n).map { k in
            Rect(x: header.frame.minX + Double(k) * width, y: header.frame.minY - contentOffset,
                 width: width, height: header.frame.height)
        }
    }

    /// A tap at `point` (viewport coordinates of the scroll space) the
    /// editing machine has taken: when it is in the global header's
    /// segment control and the machine is at rest, the segment under it is
    /// shown (nothing when it is shown already).
    /// - Complexity: O(s) to find the segment, plus the switch's cost.
    mutating func segmentTap(at point: Point, time: EventTime) {
        guard machine.phase == .idle || machine.phase == .batchEditingIdle, !showsPlaceholder else { return }
        let frames = segmentFrames()
        guard let index = frames.firstIndex(where: { $0.contains(point) }),
              let segmented = delegate as? SegmentedDataSource, index != segmented.selectedIndex else { return }
        append(.segmentTapped(index), at: time)
        switchSegmentDue(index, at: time)
    }
}
