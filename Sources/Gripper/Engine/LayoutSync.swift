import GripperEditing
import GripperGeometry
import GripperLayout

/// Keeps the grid layout in step with the model after each change the
/// editing machine commits (a drop, a delete, an undo, the app's batch), and
/// watches the data source while it does.
///
/// A batch of item deletes, inserts and moves (a drag's move, a swipe's
/// delete, their undo, an app's batch) is applied to the layout at once —
/// O(k log k + sections) for its k operations with fixed row heights,
/// independent of the item count; anything else rebuilds the layout from the
/// model. After
/// either, the untouched (lazy) sections' counts are checked against the data
/// source: a count that changed without a batch is reported once as a
/// ``DataSourceError``, and the engine goes on with the count it knows (see
/// `Documentation/Engine.md`, "A source that contradicts itself").
struct LayoutSync: Sendable {
    /// The layout, in step with the model last followed.
    private(set) var layout: GridLayout
    /// The app's data, for heights and columns.
    let dataSource: any CollectionDataSource
    /// The layout metrics.
    let metrics: LayoutMetrics
    /// The viewport's size in layout points.
    private(set) var viewport: Size
    /// Whether the data source gives items heights of their own.
    let hasItemHeights: Bool
    /// The contradictions reported so far (each is reported once).
    private var reported: Set<DataSourceError> = []

    /// The layout of `model` as `dataSource` describes it.
    /// - Throws: what the layout rejects (the metrics, a height).
    /// - Complexity: as ``makeLayout(_:dataSource:metrics:viewport:heights:)``.
    init(model: CollectionModel, dataSource: any CollectionDataSource, metrics: LayoutMetrics, viewport: Size) throws {
        self.dataSource = dataSource
        self.metrics = metrics
        self.viewport = viewport
        hasItemHeights = dataSource.hasItemHeights
        layout = try Self.makeLayout(model, dataSource: dataSource, metrics: metrics, viewport: viewport,
                                     heights: hasItemHeights)
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
    /// - Complexity: as ``GridLayout/applyItemChanges(removing:inserting:)``
    ///   for an item batch, else as
    ///   ``makeLayout(_:dataSource:metrics:viewport:heights:)``; plus O(s)
    ///   to check the lazy sections' counts (one answer each).
    mutating func follow(_ batch: BatchUpdate, model: CollectionModel) -> [Problem] {
        var problems = newContradictions(in: model).map(Problem.dataSource)
        if !followChanges(of: batch, model: model) {
            do {
                layout = try Self.makeLayout(model, dataSource: dataSource, metrics: metrics, viewport: viewport,
                                             heights: hasItemHeights)
            } catch {
                problems.append(.layoutRejected("layout: \(error)"))
            }
        }
        return problems
    }

    /// Lays the content out for a viewport of `size` (a resize, a
    /// rotation); the layout is as it was when it throws.
    /// - Throws: what the layout rejects (the size, metrics that do not fit it).
    /// - Complexity: O(s) for s sections with fixed row heights; O(n) with
    ///   item heights (see ``GridLayout/update(metrics:viewport:)``).
    mutating func resize(to size: Size) throws {
        try layout.update(viewport: size)
        viewport = size
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
        var removals: [IndexPath] = []
        var insertions: [(indexPath: IndexPath, height: Double?)] = []
        for op in batch.operations {
            switch op {
            case .deleteItem(let p): removals.append(p)
            case .insertItem(let id, let q):
                insertions.append((q, hasItemHeights ? dataSource.height(ofItem: id, at: q) ?? metrics.rowHeight : nil))
            case .moveItem(let p, let q):
                removals.append(p)
                guard let id = model.item(at: q) else { return false }
                insertions.append((q, hasItemHeights ? dataSource.height(ofItem: id, at: q) ?? metrics.rowHeight : nil))
            case .reloadItem: continue
            case .deleteSection, .insertSection: return false
            }
        }
        do { try layout.applyItemChanges(removing: removals, inserting: insertions) } catch { return false }
        return true
    }

    /// The grid layout of `model`: the metrics, each section's columns as
    /// the data source says, and item heights where it has them.
    /// - Complexity: O(s) for s sections, O(n) when the source has item heights.
    static func makeLayout(_ model: CollectionModel, dataSource: any CollectionDataSource, metrics: LayoutMetrics,
                           viewport: Size, heights anyHeights: Bool) throws -> GridLayout {
        var contents: [SectionContent] = []
        contents.reserveCapacity(model.sections.count)
        for (s, section) in model.sections.enumerated() {
            let sectionMetrics = SectionMetrics(columns: dataSource.columns(ofSection: section.id))
            if anyHeights {
                var heights: [Double] = []
                heights.reserveCapacity(section.items.count)
                if section.items.isLazy {
                    // Untouched: asked of the source by its own index paths,
                    // so no identity need be made (a source that changed its
                    // count behind the engine's back gets the row height).
                    let consistent = section.items.isConsistentLazyView
                    for i in 0..<section.items.count {
                        let h = consistent ? section.items.sourceHeight(at: i) ?? nil : nil
                        heights.append(h ?? metrics.rowHeight)
                    }
                } else {
                    for (i, id) in section.items.enumerated() {
                        heights.append(dataSource.height(ofItem: id, at: IndexPath(section: s, item: i)) ?? metrics.rowHeight)
                    }
                }
                contents.append(SectionContent(itemHeights: heights, metrics: sectionMetrics))
            } else {
                contents.append(SectionContent(count: section.items.count, metrics: sectionMetrics))
            }
        }
        return try GridLayout(sections: contents, metrics: metrics, viewport: viewport)
    }
}
