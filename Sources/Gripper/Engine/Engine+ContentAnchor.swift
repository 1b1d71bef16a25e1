@_spi(Benchmarks) import GripperEditing
import GripperGeometry
@_spi(Benchmarks) import GripperLayout

/// What stays in place on screen when the app's batch changes the content
/// above the viewport (a chat or a feed that grows above what is being
/// read): UIKit leaves the content offset; an app that wants what the user
/// reads to stay says so (``Engine/apply(_:keeping:at:)``).
public enum ContentAnchor: Hashable, Sendable {
    /// The content offset stays (the default, UIKit's): what a batch
    /// inserts or deletes above the viewport moves what is shown.
    case offset
    /// The first visible item stays where it is on screen; when the batch
    /// deletes it, the next item shown before the batch that survives it
    /// does; with none, the offset stays.
    case firstVisibleItem
    /// This item stays where it is on screen, when it is shown before the
    /// batch and survives it; otherwise the offset stays.
    case item(ItemID)
}

extension Engine {
    /// Applies the app's batch as ``apply(_:at:)-(BatchUpdate,_)`` does, then
    /// keeps `anchor` where it was on screen (the content offset moves by
    /// what the batch inserted or deleted above it, clamped to the content),
    /// as one step: what is in flight follows the new offset as it follows a
    /// resize (a drag's gap to the slot under its contact), and an engine
    /// that makes transitions makes one, from before the batch to after.
    /// ``ContentAnchor/offset`` is ``apply(_:at:)-(BatchUpdate,_)`` itself.
    /// - Throws: `BatchUpdateError` as ``apply(_:at:)-(BatchUpdate,_)``;
    ///   nothing changes then, the offset neither.
    /// - Complexity: as ``apply(_:at:)-(BatchUpdate,_)``, plus a query of
    ///   the viewport before and what is on screen after.
    /// - Returns: the transcript entries produced, recorded or not: the
    ///   batch's, then a `scrolled` effect when the offset moved.
    @discardableResult
    public mutating func apply(_ batch: BatchUpdate, keeping anchor: ContentAnchor,
                               at time: EventTime) throws(BatchUpdateError) -> [Transcript.Entry] {
        if origin == nil { origin = time }
        fireDue(until: time)
        let candidates = anchorCandidates(anchor)
        try applyBatchDue(batch, at: time)
        let model = self.model
        if let (id, fromTop) = candidates.first(where: { model.indexPath(of: $0.0) != nil }),
           let path = model.indexPath(of: id) {
            settleRelaidOut(keeping: (path, fromTop), at: time)
        }
        return takeOutbox()
    }

    /// The items `anchor` may keep, in the order it prefers them, each with
    /// how far below the viewport's top its cell starts now.
    /// - Complexity: O(log n + k) for the k elements on screen; O(1) for `offset`.
    private func anchorCandidates(_ anchor: ContentAnchor) -> [(ItemID, Double)] {
        guard anchor != .offset else { return [] }
        let top = contentOffset
        let viewport = orientation.scrollSize(viewportSize)
        var shown: [(ItemPath, Double)] = []
        for a in layout.attributes(in: Rect(x: 0, y: top, width: viewport.width, height: max(1, viewport.height)),
                                   presentation: presentation, contentOffset: top)
        where a.kind == .cell && !a.isHidden && a.frame.maxY > top {
            if let p = a.indexPath { shown.append((p, a.frame.minY - top)) }
        }
        shown.sort { $0.0 < $1.0 }
        let model = self.model
        let items = shown.compactMap { p, fromTop in model.item(at: p).map { ($0, fromTop) } }
        switch anchor {
        case .offset: return []
        case .firstVisibleItem: return items
        case .item(let id): return items.filter { $0.0 == id }
        }
    }
}
