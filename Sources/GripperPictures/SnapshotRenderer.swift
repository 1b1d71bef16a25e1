import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout

/// Draws an ``EngineSnapshot`` as a standalone SVG document: the SVG back
/// end of ``SceneDrawing``, so the pictures follow the same drawing rules
/// as the window and the terminal — cells with their labels, section
/// headers (pinned ones where the content offset puts them), the global
/// header with its title or its segment control, separators, the hidden drag source ghosted, the
/// placeholder outlined, the proxy lifted with a shadow (and a multi-item
/// drag's count badge), swipe-action panes with their buttons (content that
/// slides under the neighbouring column clipped at the cell's frame and
/// faded there with a gradient), delete controls, grippers, delete
/// confirmations, selection with its tick, highlight, the loading
/// indicator or the no-content and error panels, and the contact point;
/// a layout pinch in flight at the pinched frames (``EngineSnapshot/pinchProgress``).
/// Only what the snapshot holds is drawn (the engine's snapshot holds what
/// is in the viewport), and elements thinner than a pixel (a point) come
/// merged into bands, so a picture's size is bounded by the viewport, not
/// by the item count. Pure: returns a string, the same bytes for the same
/// snapshot.
///
/// The document's structure is what the HTML timeline (``TimelinePage``)
/// and tests read: the content in `<g clip-path="url(#ID-clip)"><g
/// transform="translate(…)">` in the snapshot's content coordinates (the
/// timeline moves that group's children), each shape with a class naming
/// what it shows (see ``SceneDrawing/Role``: `cell`, `header pinned`,
/// `thin cell` with `data-count`, `action`, `delete-control`, …), the ghost,
/// the proxy, the count badge and the content placeholder each in a `<g>`
/// of their class, and the content that slides under a neighbour in `<g
/// class="slides-under">` with its clip path and gradient.
public enum SnapshotRenderer {
    /// The height of the status bar drawn above the viewport (state and time).
    public static let statusBarHeight = SceneDrawing.statusBarHeight

    /// The SVG document for `snapshot`; `id` (if given) prefixes the
    /// document's internal ids so several SVGs can share one HTML page.
    /// - Complexity: O(k) in the snapshot's elements; the document's size is
    ///   O(elements at least a pixel thick + bands), at most O(viewport area).
    public static func svg(_ snapshot: EngineSnapshot, id: String = "g") -> String {
        var writer = SVGWriter(id: id)
        return writer.document(SceneDrawing(snapshot, inContentPoints: true))
    }

    /// A coordinate with two decimals.
    static func n(_ x: Double) -> String { FixedDecimal.string(x, places: 2) }
}
