extension SceneDrawing {
    /// The colours of Gripper's pictures (`0xRRGGBB`), named by what they
    /// mean: one table for the SVG, the HTML page and the window, so a
    /// meaning has one colour. No renderer recovers a meaning from a colour:
    /// the terminal, which shows none of these, reads each item's ``Role``
    /// (a swipe action's style travels in ``Role/action(_:)``).
    enum Palette {
        // The status bar over the viewport.
        static let statusBar: UInt32 = 0x263238
        static let statusText: UInt32 = 0xffffff
        static let statusDetail: UInt32 = 0xb0bec5
        /// The viewport behind the content, and the no-content and error panels.
        static let background: UInt32 = 0xeceff1
        // The contact point.
        static let contactHalo: UInt32 = 0xff7043
        static let contact: UInt32 = 0xe64a19
        // Cells.
        static let cell: UInt32 = 0xffffff
        static let selectedCell: UInt32 = 0xbbdefb
        static let highlightedCell: UInt32 = 0xcfd8dc
        static let cellOutline: UInt32 = 0xcfd8dc
        static let text: UInt32 = 0x212121
        /// Text and marks drawn on a coloured fill (an action, a badge, the selection disc).
        static let onColour: UInt32 = 0xffffff
        /// The selection disc, the gap's outline, the proxy's outline, the loading ring.
        static let accent: UInt32 = 0x1e88e5
        static let focus: UInt32 = 0x1565c0
        static let dropTarget: UInt32 = 0x43a047
        static let gripper: UInt32 = 0x90a4ae
        /// The shadow a swiped cell's content slides under.
        static let slideShadow: UInt32 = 0x263238
        // Sections.
        static let header: UInt32 = 0xdfe4e7
        static let headerTitle: UInt32 = 0x546e7a
        static let pinnedHeaderEdge: UInt32 = 0xb0bec5
        static let globalHeader: UInt32 = 0x37474f
        static let globalHeaderTitle: UInt32 = 0xffffff
        /// The global header's segment control: the segment shown, the others' outline.
        static let segmentShown: UInt32 = 0xffffff
        static let segmentOutline: UInt32 = 0xb0bec5
        static let footer: UInt32 = 0xeceff1
        static let sectionBackground: UInt32 = 0xe3e7ea
        /// An app's own layout: its supplementary elements (a caption, a
        /// badge) and its decorations (a shelf, a backdrop).
        static let appSupplementary: UInt32 = 0xfff3e0
        static let appSupplementaryText: UInt32 = 0x8d6e63
        static let appDecoration: UInt32 = 0xd7ccc8
        static let separator: UInt32 = 0xcfd8dc
        // Swipe actions and delete controls.
        static let actionPane: UInt32 = 0xb0bec5
        static let action: UInt32 = 0x607d8b
        /// A destructive action, the delete control and its confirmation.
        static let destructive: UInt32 = 0xe53935
        // A drag.
        static let gap: UInt32 = 0xe3f2fd
        static let ghostOutline: UInt32 = 0x78909c
        static let ghostText: UInt32 = 0x546e7a
        static let proxyShadow: UInt32 = 0x000000
        static let proxyText: UInt32 = 0x0d47a1
        /// The count badge of a multi-item drag.
        static let badge: UInt32 = 0xe53935
        // An item's open menu.
        static let menu: UInt32 = 0xfafafa
        static let menuOutline: UInt32 = 0xb0bec5
        /// The entry the keyboard selected.
        static let menuSelected: UInt32 = 0xbbdefb
        // What the collection shows in place of its items.
        static let placeholderTitle: UInt32 = 0x37474f
        static let errorTitle: UInt32 = 0xc62828
        static let placeholderMessage: UInt32 = 0x607d8b
    }
}
