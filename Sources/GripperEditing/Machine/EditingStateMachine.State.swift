// A change to this machine changes the diagram in Documentation/Editing.md too.
import GripperLayout
import GripperGeometry
import GripperInput

extension EditingStateMachine {
    /// The machine's states; each case carries what that state needs.
    enum State: Hashable, Sendable {
        /// Not editing, nothing in flight.
        case idle
        /// A contact is down, undecided between tap, pan and long-press.
        case tracking(Tracking)
        /// A pan scrolls the content.
        case scrolling(Scrolling)
        /// A cell slides with the contact.
        case swiping(Swiping)
        /// A cell rests open, its actions revealed.
        case open(Open)
        /// A long-pressed cell is being dragged.
        case dragging(DragRef)
        /// An item lifted with Space or Enter moves with the arrow keys.
        case keyboardMoving(KeyboardMove)
        /// An item's menu is open (a long press, the Menu key).
        case menu(Menu)
        /// Batch editing, with its own sub-states.
        case batchEditing(Batch)
    }

    /// Batch editing's sub-states.
    enum Batch: Hashable, Sendable {
        /// Nothing in flight.
        case idle
        /// A contact is down, undecided.
        case tracking(Tracking)
        /// A pan scrolls the content.
        case scrolling(Scrolling)
        /// A cell's delete confirmation is open.
        case open(Confirmation)
        /// A cell grabbed by its gripper (or long-pressed) is being dragged.
        case dragging(DragRef)
        /// An item lifted with Space or Enter moves with the arrow keys.
        case keyboardMoving(KeyboardMove)
    }

    /// An item's open menu: which item, where it is, its entries, the entry
    /// the keyboard selected, and the finger of the long press that opened
    /// it while that finger is still down.
    struct Menu: Hashable, Sendable {
        /// The entries as the delegate gave them and as the layout draws
        /// them, made once when the menu opens, behind one reference (the
        /// state enum stays small).
        final class Entries: Hashable, Sendable {
            let actions: [EditingAction]
            let layout: [MenuEntry]

            init(_ actions: [EditingAction]) {
                self.actions = actions
                layout = actions.map { MenuEntry(id: $0.id.rawValue, title: $0.title,
                                                 style: $0.style == .destructive ? .destructive : .normal) }
            }

            static func == (a: Entries, b: Entries) -> Bool { a === b || a.actions == b.actions }

            func hash(into hasher: inout Hasher) { hasher.combine(actions) }
        }

        var item: ItemID
        var indexPath: ItemPath
        let entries: Entries
        /// The entry the keyboard selected (Enter performs it), if any.
        var selected: Int?
        /// Where the long press that opened the menu began (viewport
        /// coordinates), while its finger is still down: moving it farther
        /// than ``EditingConfiguration/menuDragDistance`` from there lifts
        /// the item into a drag. Nil once the finger lifted, and for a menu
        /// the keyboard opened.
        var press: Point?

        var actions: [EditingAction] { entries.actions }
    }

    /// A contact down, undecided.
    struct Tracking: Hashable, Sendable {
        /// Where it went down, viewport coordinates.
        var location: Point
        /// What it hit.
        var hit: EditingHit?
        /// The cell highlighted, if the policy allows.
        var highlighted: ItemPath?
        /// Whether the touch caught a moving scroll, or dismissed an open
        /// menu: it may pan on, but is no tap, long-press or press on a cell.
        var caughtScroll = false
    }

    /// A scroll in progress.
    struct Scrolling: Hashable, Sendable {
        /// The content offset when the pan began, with the rubber band
        /// undone (the offset the finger drags from as if there were no ends).
        var startOffset: Double
    }

    /// Which side's actions a swipe reveals.
    enum Side: Hashable, Sendable {
        /// The trailing (right) edge: the cell slides left, offset < 0.
        case trailing
        /// The leading (left) edge: the cell slides right, offset > 0.
        case leading
    }

    /// What a swiped cell can reveal on either side.
    ///
    /// The panes, made once when the swipe begins and never changed, sit
    /// behind one reference, so the state enum stays small (every state
    /// change copies the largest of its payloads) and copying a swipe's
    /// state copies a pointer.
    struct SwipeSetup: Hashable, Sendable {
        var item: ItemID
        var indexPath: ItemPath
        private let panes: Panes

        /// Both sides' actions as the delegate gave them and as the layout
        /// draws them.
        private final class Panes: Hashable, Sendable {
            let trailing: SwipeActions
            let leading: SwipeActions
            let trailingLayout: [SwipeAction]
            let leadingLayout: [SwipeAction]
            let trailingGeometry: SwipeGeometry
            let leadingGeometry: SwipeGeometry

            init(trailing: SwipeActions, leading: SwipeActions, trailingLayout: [SwipeAction],
                 leadingLayout: [SwipeAction], trailingGeometry: SwipeGeometry, leadingGeometry: SwipeGeometry) {
                self.trailing = trailing
                self.leading = leading
                self.trailingLayout = trailingLayout
                self.leadingLayout = leadingLayout
                self.trailingGeometry = trailingGeometry
                self.leadingGeometry = leadingGeometry
            }

            static func == (a: Panes, b: Panes) -> Bool {
                a === b || (a.trailing == b.trailing && a.leading == b.leading && a.trailingLayout == b.trailingLayout
                    && a.leadingLayout == b.leadingLayout && a.trailingGeometry == b.trailingGeometry
                    && a.leadingGeometry == b.leadingGeometry)
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(trailing)
                hasher.combine(leading)
                hasher.combine(trailingLayout)
                hasher.combine(leadingLayout)
                hasher.combine(trailingGeometry)
                hasher.combine(leadingGeometry)
            }
        }

        init(item: ItemID, indexPath: ItemPath, trailing: SwipeActions, leading: SwipeActions,
             trailingLayout: [SwipeAction], leadingLayout: [SwipeAction], trailingGeometry: SwipeGeometry,
             leadingGeometry: SwipeGeometry) {
            self.item = item
            self.indexPath = indexPath
            panes = Panes(trailing: trailing, leading: leading, trailingLayout: trailingLayout,
                          leadingLayout: leadingLayout, trailingGeometry: trailingGeometry,
                          leadingGeometry: leadingGeometry)
        }

        var trailing: SwipeActions { panes.trailing }
        var leading: SwipeActions { panes.leading }
        /// The actions as the layout draws them, made once when the swipe
        /// begins (every presentation of the swipe shares them).
        var trailingLayout: [SwipeAction] { panes.trailingLayout }
        var leadingLayout: [SwipeAction] { panes.leadingLayout }
        var trailingGeometry: SwipeGeometry { panes.trailingGeometry }
        var leadingGeometry: SwipeGeometry { panes.leadingGeometry }

        func actions(_ side: Side) -> SwipeActions {
            switch side {
            case .trailing: trailing
            case .leading: leading
            }
        }

        func geometry(_ side: Side) -> SwipeGeometry {
            switch side {
            case .trailing: trailingGeometry
            case .leading: leadingGeometry
            }
        }

        /// The farthest the cell slides to `side`: the whole cell when a full
        /// swipe is possible, else the pane; zero when the side has no actions.
        func maxTravel(_ side: Side) -> Double {
            let actions = actions(side)
            if actions.isEmpty { return 0 }
            let g = geometry(side)
            return actions.fullSwipeAction == nil || g.fullSwipeBreakpoint == nil ? g.paneWidth : g.maximumOffset
        }
    }

    /// A cell sliding with the contact.
    struct Swiping: Hashable, Sendable {
        var setup: SwipeSetup
        /// The offset when the pan began (non-zero when it began on an open cell).
        var startOffset: Double
        /// The current offset.
        var offset: Double
    }

    /// A cell resting open.
    struct Open: Hashable, Sendable {
        var setup: SwipeSetup
        /// ±pane width.
        var offset: Double
    }

    /// A batch-editing cell with its delete confirmation open.
    struct Confirmation: Hashable, Sendable {
        var item: ItemID
        var indexPath: ItemPath
        var action: EditingAction
    }

    /// A drag in flight: of one item, or of a group (the grabbed item and
    /// its companions).
    struct Dragging: Hashable, Sendable {
        /// The grabbed item: the proxy is its, the gap is placed for it.
        var item: ItemID
        var source: ItemPath
        /// The other items of a multi-item drag, ascending by their paths
        /// in the model (before the move), without the grabbed item; they
        /// stay in place, hidden, until the drop. Empty for one item.
        var companionPaths: [ItemPath] = []
        /// Their identities, in the order of ``companionPaths``.
        var companionItems: [ItemID] = []
        /// Every item carried, in the order they land (by their paths: section
        /// order, then item order, the grabbed item among them), and their
        /// paths; kept by ``regroup()`` so a gap change asks the delegate
        /// without building them. Empty for a drag of one item.
        private(set) var groupItems: [ItemID] = []
        private(set) var groupPaths: [ItemPath] = []
        /// The approved after-move target of the grabbed item, counting the
        /// companions as if they stayed (``groupLanding(_:gap:)`` turns it
        /// into where the group lands, which is what the layout shows and
        /// the delegate is asked about; several such targets land a group
        /// in the same place, and the journal and transcript name this one).
        var target: ItemPath
        /// The last target the geometry proposed (the policy is asked when it changes).
        var lastProposed: ItemPath
        /// The proxy centre minus the contact's content position at the grab.
        var grabOffset: Point
        /// The contact, viewport coordinates.
        var contact: Point
        /// When auto-scroll last advanced.
        var lastTick: EventTime?
        /// The pending auto-scroll deadline.
        var deadline: EventTime?
        /// Where the contact has moved during the drag (auto-scroll goes
        /// only toward where the user has moved).
        var intent: AutoScrollIntent
        /// When auto-scroll started in the current direction (the ramp-up
        /// counts from then); nil while it does not scroll.
        var rampStart: EventTime?
        /// Whether that direction is forward (the offset grows).
        var rampForward = false
        /// The hover over an item that accepts drops: dwelling, or
        /// proposing "into" it; nil while the drag proposes "between".
        var into: Into?
        /// The item whose middle band (or near quarter) the proxy is in and
        /// whose delegate refused the drop (asked once per hover).
        var refusedInto: ItemID?
        /// The item whose middle band or near quarter the proxy is in and
        /// whose delegate accepted the drop (asked once per hover): in its
        /// near quarter the gap holds without a dwell.
        var acceptedInto: ItemID?

        /// The dwell's deadline, while dwelling.
        var dwellDeadline: EventTime? {
            if case .dwelling(_, _, let deadline)? = into { return deadline }
            return nil
        }

        /// Makes ``groupItems`` and ``groupPaths`` again after the companions
        /// or the source changed.
        /// - Complexity: O(k) for k companions.
        mutating func regroup() {
            groupItems = []
            groupPaths = []
            guard !companionPaths.isEmpty else { return }
            groupItems.reserveCapacity(companionPaths.count + 1)
            groupPaths.reserveCapacity(companionPaths.count + 1)
            var placed = false
            for (id, path) in zip(companionItems, companionPaths) {
                if !placed, source < path {
                    groupItems.append(item)
                    groupPaths.append(source)
                    placed = true
                }
                groupItems.append(id)
                groupPaths.append(path)
            }
            if !placed {
                groupItems.append(item)
                groupPaths.append(source)
            }
        }

        init(item: ItemID, source: ItemPath, target: ItemPath, lastProposed: ItemPath, grabOffset: Point,
             contact: Point) {
            self.item = item
            self.source = source
            self.target = target
            self.lastProposed = lastProposed
            self.grabOffset = grabOffset
            self.contact = contact
            intent = AutoScrollIntent(at: contact.y)
        }
    }

    /// A drag's payload behind one reference, copied on write: the state
    /// enum then copies a pointer, not the drag, each time it is read (the
    /// routing, the phase, the next deadline and the presentation read it
    /// several times a frame), and a copy of the machine never sees another
    /// copy's drag change.
    struct DragRef: Hashable, Sendable {
        /// Mutated only while uniquely referenced, so shared copies are
        /// never written: safe to send.
        private final class Box: @unchecked Sendable {
            var value: Dragging
            init(_ value: Dragging) { self.value = value }
        }

        private var box: Box

        init(_ value: Dragging) { box = Box(value) }

        /// The drag; setting it writes in place when this is the only reference.
        var value: Dragging {
            get { box.value }
            set {
                if isKnownUniquelyReferenced(&box) { box.value = newValue } else { box = Box(newValue) }
            }
        }

        static func == (a: DragRef, b: DragRef) -> Bool { a.box === b.box || a.box.value == b.box.value }

        func hash(into hasher: inout Hasher) { box.value.hash(into: &hasher) }
    }

    /// The directions a drag may auto-scroll in: toward where the contact
    /// has moved at least the intent distance (from its highest or lowest
    /// point so far), as dnd-kit's scroll intent.
    struct AutoScrollIntent: Hashable, Sendable {
        /// The contact's smallest and largest viewport y so far.
        var lowest: Double
        var highest: Double
        /// The user has moved down (the content may scroll forward).
        var forward = false
        /// The user has moved up (the content may scroll back).
        var backward = false

        init(at y: Double) {
            lowest = y
            highest = y
        }

        /// Notes the contact at viewport height `y`.
        mutating func note(_ y: Double, distance: Double) {
            guard y.isFinite else { return }
            lowest = min(lowest, y)
            highest = max(highest, y)
            if y - lowest >= distance { forward = true }
            if highest - y >= distance { backward = true }
        }
    }
}

extension EditingStateMachine.State {
    /// Makes `drag` the state's drag (batch editing's when `editing`): into
    /// the state's own box when nothing else shares it, so a drag frame
    /// allocates nothing. The state is consumed to look at its box, so
    /// the box is not held twice meanwhile, and it is not written twice.
    mutating func store(_ drag: consuming EditingStateMachine.Dragging, editing: Bool) {
        switch consume self {
        case .dragging(var ref), .batchEditing(.dragging(var ref)):
            ref.value = drag
            self = editing ? .batchEditing(.dragging(ref)) : .dragging(ref)
        case .idle, .tracking, .scrolling, .swiping, .open, .keyboardMoving, .menu, .batchEditing(.idle),
             .batchEditing(.tracking), .batchEditing(.scrolling), .batchEditing(.open), .batchEditing(.keyboardMoving):
            let ref = EditingStateMachine.DragRef(drag)
            self = editing ? .batchEditing(.dragging(ref)) : .dragging(ref)
        }
    }
}
