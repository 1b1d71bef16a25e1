import GripperEditing
import GripperGeometry
@_spi(Benchmarks) import GripperLayout

/// Keeps the layout in step with the model after each change the
/// editing machine commits (a drop, a delete, an undo, the app's batch), and
/// watches the data source while it does.
///
/// A batch of item deletes, inserts and moves (a drag's move, a swipe's
/// delete, their undo, an app's batch) is applied to the layout at once —
/// O(k log k + sections) for its k operations with fixed row heights,
/// independent of the item count; anything else (a batch that deletes,
/// inserts, moves or reloads sections) rebuilds the layout from the model,
/// keeping the heights the layout holds for the sections whose items the
/// batch does not touch (a moved section keeps what was measured in it; a
/// reloaded one is read from the data source again). After
/// either, the untouched (lazy) sections' counts are checked against the data
/// source: a count that changed without a batch is reported once as a
/// ``DataSourceError``, and the engine goes on with the count it knows (see
/// `Documentation/Engine.md`, "A source that contradicts itself").
struct LayoutSync: Sendable {
    /// The layout, in step with the model last followed.
    private(set) var layout: any CollectionLayout
    /// The app's data, for heights and columns.
    let dataSource: any CollectionDataSource
    /// The layout metrics.
    private(set) var metrics: LayoutMetrics
    /// Whether the layout keeps per-item extents: the data source gives
    /// items heights of their own, or the metrics give an estimate.
    private(set) var hasItemHeights: Bool
    /// Whether the data source gives items widths of their own.
    let hasItemWidths: Bool
    /// The contradictions reported so far (each is reported once).
    private var reported: Set<DataSourceError> = []
    /// The least items-area heights the engine keeps for placeholders, by
    /// section identity (``SectionMetrics/minimumItemsHeight``).
    private(set) var reservedItemsHeights: [SectionID: Double] = [:]
    /// The measured heights of sections' headers and footers, by section
    /// identity: they follow their section through batches, moves,
    /// reloads and layout changes (``contents(_:)`` puts them in the
    /// sections' metrics), and go with it when it is deleted.
    private(set) var measuredSupplementaries: [SectionID: MeasuredSupplementaries] = [:]

    /// A section's measured header and footer heights (nil: not measured).
    struct MeasuredSupplementaries: Hashable, Sendable {
        var header: Double?
        var footer: Double?
    }

    /// `layout` with the sections of `model` as `dataSource` describes them.
    /// - Throws: what the layout rejects (the metrics, a height).
    /// - Complexity: as ``contents(_:)`` and the layout's reload.
    init(model: CollectionModel, dataSource: any CollectionDataSource, metrics: LayoutMetrics,
         layout: any CollectionLayout) throws {
        self.dataSource = dataSource
        self.metrics = metrics
        hasItemHeights = dataSource.hasItemHeights || metrics.estimatedItemHeight != nil
        hasItemWidths = dataSource.hasItemWidths
        self.layout = layout
        try self.layout.reload(contents(model))
    }

    /// The default extent of an item along the scroll axis: the estimate, or the row height.
    private var defaultExtent: Double { metrics.estimatedItemHeight ?? metrics.rowHeight }

    /// Sets a measured extent (see ``CollectionLayout/setExtent(_:of:)``).
    mutating func setExtent(_ extent: Double, of indexPath: ItemPath) throws -> Double {
        try layout.setExtent(extent, of: indexPath)
    }

    /// Sets a measured width and/or height of an item (see
    /// ``CollectionLayout/setExtents(_:crossExtent:of:)``).
    mutating func setExtents(_ extent: Double?, crossExtent: Double?, of indexPath: ItemPath) throws -> Double {
        try layout.setExtents(extent, crossExtent: crossExtent, of: indexPath)
    }

    /// The header or footer height the section's metrics give, before any
    /// measurement (0: the section has none).
    /// - Complexity: O(1): one question to the data source.
    func estimatedSupplementaryHeight(header: Bool, of id: SectionID) -> Double {
        let own = dataSource.metrics(ofSection: id)
        return header ? (own.header ?? metrics.header).height : (own.footer ?? metrics.footer).height
    }

    /// Keeps `height` as the measured height of the header (`header`) or
    /// footer of `model`'s section `section` and lays it out: in place when
    /// the layout takes it (the grid, the flow layout), else by a reload
    /// with the height in the section's metrics. Returns how far the
    /// content after the section moved. The layout and the kept heights
    /// are as they were when it throws.
    /// - Complexity: O(sections) in place; as ``reload(_:)`` otherwise.
    mutating func setSupplementaryHeight(_ height: Double, header: Bool, section: Int,
                                         model: CollectionModel) throws -> Double {
        let id = model.sections[section].id
        let kept = measuredSupplementaries
        if header { measuredSupplementaries[id, default: .init()].header = height }
        else { measuredSupplementaries[id, default: .init()].footer = height }
        do {
            if let moved = try layout.setSupplementaryExtent(height, of: header ? .header : .footer, inSection: section) {
                return moved
            }
            let before = layout.contentSize.height
            try layout.reload(contents(model))
            return layout.contentSize.height - before
        } catch {
            measuredSupplementaries = kept
            throw error
        }
    }

    /// Forgets the measured headers and footers of sections `model` no
    /// longer has.
    /// - Complexity: O(s + measured sections).
    private mutating func forgetGoneSections(_ model: CollectionModel) {
        guard !measuredSupplementaries.isEmpty else { return }
        let ids = Set(model.sections.map(\.id))
        measuredSupplementaries = measuredSupplementaries.filter { ids.contains($0.key) }
    }

    /// What went wrong while following a batch, for the transcript.
    enum Problem: Hashable, Sendable {
        /// The layout refused the model; it is as it was before the batch.
        case layoutRejected(String)
        /// The data source contradicts itself (reported once each).
        case dataSource(DataSourceError)
    }

    /// Brings the layout in step with `model`, on which `batch` was just
    /// applied, and reports what went wrong (usually nothing).
    /// - Complexity: as ``CollectionLayout/applyItemChanges(removing:inserting:)``
    ///   for an item batch, else as
    ///   ``contents(_:)`` and the layout's reload; plus O(s)
    ///   to check the lazy sections' counts (one answer each).
    mutating func follow(_ batch: BatchUpdate, model: CollectionModel) -> [Problem] {
        var problems = newContradictions(in: model).map(Problem.dataSource)
        if !followChanges(of: batch, model: model) {
            forgetGoneSections(model)
            do {
                try layout.reload(keepingHeights(of: contents(model), across: batch))
            } catch {
                problems.append(.layoutRejected("layout: \(error)"))
            }
        }
        return problems
    }

    /// Rebuilds the layout from `model`, whose content was replaced
    /// wholesale (a segment switch), and reports what went wrong.
    /// - Complexity: as ``contents(_:)`` and the layout's reload, plus O(s)
    ///   to check the lazy sections' counts.
    mutating func reload(_ model: CollectionModel) -> [Problem] {
        var problems = newContradictions(in: model).map(Problem.dataSource)
        forgetGoneSections(model)
        do {
            try layout.reload(contents(model))
        } catch {
            problems.append(.layoutRejected("layout: \(error)"))
        }
        return problems
    }

    /// Keeps `heights` as the least items-area heights of the sections they
    /// name (room for a placeholder) and, when that changed, rebuilds the
    /// layout from `model`; a layout that refuses keeps the heights it had.
    /// - Complexity: O(1) when nothing changed; else as ``reload(_:)``.
    mutating func reserve(_ heights: [SectionID: Double], model: CollectionModel) -> [Problem] {
        guard heights != reservedItemsHeights else { return [] }
        let kept = reservedItemsHeights
        reservedItemsHeights = heights
        let problems = reload(model)
        if problems.contains(where: { if case .layoutRejected = $0 { true } else { false } }) {
            reservedItemsHeights = kept
        }
        return problems
    }

    /// Lays the content out for a viewport of `size` (a resize, a
    /// rotation; in the layout's scroll space); the layout is as it was
    /// when it throws.
    /// - Throws: what the layout rejects (the size, metrics that do not fit it).
    /// - Complexity: O(s) for s sections with fixed row heights; O(n) with
    ///   item heights (see ``GridLayout/update(metrics:viewport:)``).
    mutating func resize(to size: Size, model: CollectionModel) throws {
        let content = contents(model)
        try layout.resize(to: size, contents: content)
    }

    /// Lays `model` out with `newLayout` and `newMetrics` instead (a
    /// layout switch, new metrics; ``Engine/changeLayout(_:at:)``): a grid
    /// that stays a grid keeps its items' extents (measured heights
    /// included) and only takes the new metrics; any other layout is built
    /// from the data source, as at the start. What was reported and the
    /// heights reserved for placeholders stay.
    /// - Throws: what the new layout rejects; the sync is then as it was.
    /// - Complexity: O(s) for a grid of fixed row heights (O(n) with item
    ///   heights); as ``contents(_:)`` and the new layout's reload otherwise
    ///   (a flow layout's is O(n)).
    mutating func replace(with newLayout: any CollectionLayout, metrics newMetrics: LayoutMetrics,
                          model: CollectionModel) throws {
        var next = self
        next.metrics = newMetrics
        next.hasItemHeights = dataSource.hasItemHeights || newMetrics.estimatedItemHeight != nil
        if var grid = layout as? GridLayout, newLayout is GridLayout,
           newMetrics.estimatedItemHeight == metrics.estimatedItemHeight {
            try grid.update(metrics: newMetrics, viewport: newLayout.viewport)
            next.layout = grid
            // The grid kept the measured header and footer heights as its
            // sections' own; where the new metrics give none, none shows.
            if !measuredSupplementaries.isEmpty {
                for (s, section) in model.sections.enumerated() {
                    guard let measured = measuredSupplementaries[section.id] else { continue }
                    for (header, height) in [(true, measured.header), (false, measured.footer)] {
                        guard let height else { continue }
                        let shown = next.estimatedSupplementaryHeight(header: header, of: section.id) > 0 ? height : 0
                        _ = try next.layout.setSupplementaryExtent(shown, of: header ? .header : .footer, inSection: s)
                    }
                }
            }
        } else {
            next.layout = newLayout
            try next.layout.reload(next.contents(model))
        }
        self = next
    }

    /// Whether `problem` is news: true the first time it is reported (here
    /// or by ``follow(_:model:)``), false after.
    /// - Complexity: O(1).
    mutating func firstReport(of problem: DataSourceError) -> Bool {
        reported.insert(problem).inserted
    }

    /// The count contradictions of `model`'s lazy sections not reported yet.
    /// - Complexity: O(s), one count asked per lazy section.
    private mutating func newContradictions(in model: CollectionModel) -> [DataSourceError] {
        var out: [DataSourceError] = []
        for (s, section) in model.sections.enumerated() {
            if let problem = section.items.countContradiction(sectionIndex: s), reported.insert(problem).inserted {
                out.append(problem)
            }
        }
        return out
    }

    /// Applies `batch`'s item changes to the layout at once (removals at
    /// before-paths, then insertions at after-paths); false, with the layout
    /// unchanged, when the batch holds section changes or the layout rejects it.
    private mutating func followChanges(of batch: BatchUpdate, model: CollectionModel) -> Bool {
        var removals: [ItemPath] = []
        var insertions: [ItemInsertion] = []
        for op in batch.operations {
            switch op {
            case .deleteItem(let p): removals.append(p)
            case .insertItem(let id, let q):
                insertions.append(insertion(of: id, at: q))
            case .moveItem(let p, let q):
                removals.append(p)
                guard let id = model.item(at: q) else { return false }
                insertions.append(insertion(of: id, at: q))
            case .reloadItem: continue
            case .deleteSection, .insertSection, .moveSection, .reloadSection: return false
            }
        }
        do { try layout.applyItemChanges(removing: removals, inserting: insertions) } catch { return false }
        return true
    }

    /// `contents` (the model after `batch`, as the data source describes
    /// it) with the heights the layout keeps now (measured ones included)
    /// for every section the batch keeps without touching its items: a
    /// section that moved, or that others moved, were deleted or inserted
    /// around, keeps what was measured in it. A reloaded section, one the
    /// batch inserts, deletes, moves or reloads an item of, and the
    /// sections of a layout that does not keep heights take the data
    /// source's.
    /// - Complexity: O(k log k + s) for k operations and s sections, plus
    ///   O(m) per section kept with per-item heights.
    private func keepingHeights(of contents: [SectionContent], across batch: BatchUpdate) -> [SectionContent] {
        guard hasItemHeights, contents.contains(where: { $0.itemHeights != nil }) else { return contents }
        var touchedBefore = Set<Int>(), touchedAfter = Set<Int>()
        for op in batch.operations {
            switch op {
            case .deleteItem(let p), .reloadItem(let p): touchedBefore.insert(p.section)
            case .insertItem(_, let q): touchedAfter.insert(q.section)
            case .moveItem(let p, let q):
                touchedBefore.insert(p.section)
                touchedAfter.insert(q.section)
            case .reloadSection(let s): touchedBefore.insert(s)
            case .deleteSection, .insertSection, .moveSection: continue
            }
        }
        let rebase = BatchUpdate.Rebase(batch)
        var out = contents
        for before in 0..<layout.numberOfSections where !touchedBefore.contains(before) {
            guard let after = rebase.section(before), out.indices.contains(after), !touchedAfter.contains(after),
                  out[after].itemHeights != nil, let kept = layout.keptItemHeights(inSection: before),
                  kept.count == out[after].count else { continue }
            out[after].itemHeights = kept
        }
        return out
    }

    /// An inserted item with its extents as the data source gives them.
    private func insertion(of id: ItemID, at q: ItemPath) -> ItemInsertion {
        ItemInsertion(q, extent: hasItemHeights ? dataSource.height(ofItem: id, at: q) ?? defaultExtent : nil,
                      crossExtent: hasItemWidths ? dataSource.width(ofItem: id, at: q) ?? metrics.itemWidth : nil)
    }

    /// The sections of `model` for the layout: each section's columns as
    /// the data source says, and item heights (and widths) where it has them
    /// or the metrics give an estimate.
    /// - Complexity: O(s) for s sections, O(n) with per-item heights or widths.
    func contents(_ model: CollectionModel) -> [SectionContent] {
        var contents: [SectionContent] = []
        contents.reserveCapacity(model.sections.count)
        for (s, section) in model.sections.enumerated() {
            var sectionMetrics = dataSource.metrics(ofSection: section.id)
            if !reservedItemsHeights.isEmpty, let reserved = reservedItemsHeights[section.id] {
                sectionMetrics.minimumItemsHeight = max(sectionMetrics.minimumItemsHeight ?? 0, reserved)
            }
            if !measuredSupplementaries.isEmpty, let measured = measuredSupplementaries[section.id] {
                // A measured height replaces the estimate of a header or
                // footer the metrics give; it makes none appear.
                var header = sectionMetrics.header ?? metrics.header
                if let h = measured.header, header.height > 0 {
                    header.height = h
                    sectionMetrics.header = header
                }
                var footer = sectionMetrics.footer ?? metrics.footer
                if let h = measured.footer, footer.height > 0 {
                    footer.height = h
                    sectionMetrics.footer = footer
                }
            }
            var content = SectionContent(count: section.items.count, metrics: sectionMetrics)
            if dataSource.hasItemHeights {
                var heights: [Double] = []
                heights.reserveCapacity(section.items.count)
                if section.items.isLazy {
                    // Untouched: asked of the source by its own index paths,
                    // so no identity need be made (a source that changed its
                    // count behind the engine's back gets the default).
                    let consistent = section.items.isConsistentLazyView
                    for i in 0..<section.items.count {
                        let h = consistent ? section.items.sourceHeight(at: i) ?? nil : nil
                        heights.append(h ?? defaultExtent)
                    }
                } else {
                    for (i, id) in section.items.enumerated() {
                        heights.append(dataSource.height(ofItem: id, at: ItemPath(section: s, item: i)) ?? defaultExtent)
                    }
                }
                content.itemHeights = heights
            }
            if hasItemWidths {
                // Without a width of its own: the metrics' item width, else the
                // whole line (a flow layout clamps a width to its line).
                let fallback = metrics.itemWidth ?? layout.viewport.width
                var widths: [Double] = []
                widths.reserveCapacity(section.items.count)
                for (i, id) in section.items.enumerated() {
                    widths.append(dataSource.width(ofItem: id, at: ItemPath(section: s, item: i)) ?? fallback)
                }
                content.itemWidths = widths
            }
            contents.append(content)
        }
        return contents
    }
}
