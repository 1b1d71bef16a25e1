import GripperLayout

/// The app's rules, as the engine asks them: may this item be highlighted,
/// selected, deselected, edited (swiped open, deleted), moved; where may a
/// dragged item land; which actions does a swipe reveal and what does
/// performing one do — the questions a UIKit collection view asks its
/// delegate (`shouldHighlightItemAt`, `targetIndexPathForMoveFromItemAt` …).
///
/// Every requirement has a default (an extension), UIKit's (`UICollectionViewDelegate`) where
/// the app says nothing: everything may be highlighted, selected,
/// deselected, edited and moved; every proposed target is accepted; a
/// trailing swipe reveals Delete (a full swipe performs it), a leading one
/// nothing; a destructive action deletes its item, a normal one changes
/// nothing; a tap selects one item. An app implements only what it rules:
///
/// ```swift
/// struct InboxRules: CollectionDelegate {
///     func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool { indexPath.section == 0 }
///     func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget {
///         proposed.section == source.section ? .accept : .veto
///     }
///     func leadingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
///         SwipeActions([EditingAction(id: "flag", title: "Flag")], fullSwipeAction: "flag")
///     }
/// }
/// ```
///
/// Index paths are those of the model at the moment of the question. The
/// machine asks on every decision (touch down, gap change, swipe start), so
/// answers should be cheap.
public protocol CollectionDelegate: Sendable {
    /// Whether a touch on `item` highlights it (UIKit: `shouldHighlightItemAt`).
    /// - Complexity: called per touch; should be O(1).
    func canHighlight(_ item: ItemID, at indexPath: ItemPath) -> Bool
    /// Whether `item` may be selected (UIKit: `shouldSelectItemAt`).
    /// Not asked when ``selectionMode`` is `.none` (nor is the touch
    /// highlighted then): out of batch editing such a tap does nothing.
    /// - Complexity: called per tap; should be O(1).
    func canSelect(_ item: ItemID, at indexPath: ItemPath) -> Bool
    /// Whether a selected `item` may be deselected by a tap (UIKit:
    /// `shouldDeselectItemAt`); when not, the tap leaves it selected.
    /// - Complexity: called per tap; should be O(1).
    func canDeselect(_ item: ItemID, at indexPath: ItemPath) -> Bool
    /// Whether `item` can be swiped open and shows a delete control in batch
    /// editing (UIKit: `canEditRowAt`).
    /// - Complexity: called per gesture, and in batch editing for each cell
    ///   a frame shows; should be O(1).
    func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool
    /// Whether `item` can be dragged (shows a gripper in batch editing;
    /// UIKit: `canMoveItemAt`).
    /// - Complexity: called per gesture, and in batch editing for each cell
    ///   a frame shows; should be O(1).
    func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool
    /// The target for moving `item` from `source` to the `proposed` after-move
    /// path: accept, redirect or veto (UIKit:
    /// `targetIndexPathForMoveFromItemAt:toProposedIndexPath:`). Asked at every
    /// gap change. An impossible redirect is not trusted: see ``MoveTarget``.
    /// - Complexity: called per frame while dragging; should be O(1).
    func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget
    /// The target for moving several items together (a multi-item drag):
    /// `items` in the order they will land, `sources` their index paths
    /// now, and `proposed` the path the first of them would take after the
    /// move — counting only the items that stay in that section, so it
    /// ranges over `0 ... count` of them; the others follow it one after
    /// another. Accept, redirect (a path of the same kind, clamped) or veto
    /// (the gap stays where it was last approved). Asked at every gap change
    /// of a multi-item drag instead of ``target(forMoving:from:proposed:)``.
    /// - Complexity: called per gap change while dragging a group; the
    ///   default asks the one-item question per item (O(k)).
    func target(forMovingItems items: [ItemID], from sources: [ItemPath], proposed: ItemPath) -> MoveTarget
    /// The actions a swipe from the trailing edge (to the left) reveals
    /// (UIKit: `trailingSwipeActionsConfigurationForRowAt`).
    /// - Complexity: called per swipe; should be O(1).
    func trailingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions
    /// The actions a swipe from the leading edge (to the right) reveals.
    /// - Complexity: called per swipe; should be O(1).
    func leadingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions
    /// The entries of the item's menu, top to bottom, which a long press
    /// without movement opens (and the Menu key or Shift+F10 for the
    /// focused item); performing one asks ``perform(_:on:at:)`` as a swipe
    /// action does (by default a destructive entry deletes the item). UIKit
    /// 2012's `shouldShowMenuForItemAt` and `canPerformAction`, iOS 13's
    /// context menu. Empty (the default): the item has no menu, and a long
    /// press drags it at once. Outside batch editing only.
    /// - Complexity: called per long press (and per Menu key); should be O(1).
    func menuActions(for item: ItemID, at indexPath: ItemPath) -> [EditingAction]
    /// What performing `action` on `item` does to the model (a tap on its
    /// button, a full swipe, a delete confirmation): the engine commits
    /// that and reports it; the app does its own side of the action when it
    /// sees the commit.
    /// - Complexity: called per action performed; should be O(1).
    func perform(_ action: EditingAction, on item: ItemID, at indexPath: ItemPath) -> ActionOutcome
    /// Whether the dragged `items` (in the order they would land) may be
    /// dropped into `target` (a folder, a group): asked once when the drag's
    /// proxy enters the middle band of `target`'s cell, or its quarter
    /// nearest the gap (the answer holds while the proxy stays in either).
    /// The default refuses.
    /// - Complexity: called per hover; should be O(k) at most.
    func canAcceptDrop(of items: [ItemID], into target: ItemID) -> Bool
    /// Whether any item may accept drops into it at all. When `false`, a
    /// drag never asks ``canAcceptDrop(of:into:)`` and skips finding the
    /// item under its proxy on every frame (a collection with no folders
    /// drags a little faster). The default is `true`: the engine asks.
    /// - Complexity: read on every drag frame; must be O(1).
    var acceptsDropsIntoItems: Bool { get }
    /// How long the proxy must hover over `target`'s middle band before the
    /// drag proposes dropping into it (event time; zero or less: at once).
    /// The default is 500 ms.
    /// - Complexity: called per hover; should be O(1).
    func dropIntoDelay(for target: ItemID) -> Duration
    /// The dragged `items` were dropped into `target` and removed from the
    /// collection (one journal entry); the app files them there. Called
    /// once, after the commit. The default does nothing.
    /// - Complexity: called per drop.
    func didDrop(_ items: [ItemID], into target: ItemID)
    /// Whether a tap on a section's header is reported (a
    /// `headerTapped` effect, for the app to act on: collapse the
    /// section, open it, sort it). False (the default): a tap on a header
    /// does nothing and asks nothing.
    var tapsOnHeaders: Bool { get }
    /// Whether a tap on the header of `section` (at `index`) is reported,
    /// when ``tapsOnHeaders``.
    /// - Complexity: called per tap on a header; should be O(1).
    func canTapHeader(of section: SectionID, at index: Int) -> Bool
    /// How many items a tap selects.
    var selectionMode: SelectionMode { get }
    /// The item's name in announcements ("Picked up Pear …") and for a
    /// screen reader; by default its identity's raw value.
    /// - Complexity: called per announcement; should be O(1).
    func accessibilityLabel(for item: ItemID) -> String
    /// The section's name in announcements ("… in Fruit"); by default its
    /// identity's raw value.
    /// - Complexity: called per announcement; should be O(1).
    func accessibilityLabel(forSection section: SectionID) -> String
}

extension CollectionDelegate {
    /// Every item may be highlighted (UIKit's default).
    public func canHighlight(_ item: ItemID, at indexPath: ItemPath) -> Bool { true }
    /// Every item may be selected (UIKit's default).
    public func canSelect(_ item: ItemID, at indexPath: ItemPath) -> Bool { true }
    /// Every item may be deselected (UIKit's default).
    public func canDeselect(_ item: ItemID, at indexPath: ItemPath) -> Bool { true }
    /// Every item may be edited (UIKit's default when the data source edits).
    public func canEdit(_ item: ItemID, at indexPath: ItemPath) -> Bool { true }
    /// Every item may be moved (UIKit's default when the data source moves).
    public func canMove(_ item: ItemID, at indexPath: ItemPath) -> Bool { true }
    /// Accepts the proposed target (UIKit's default).
    public func target(forMoving item: ItemID, from source: ItemPath, proposed: ItemPath) -> MoveTarget { .accept }
    /// Asks ``target(forMoving:from:proposed:)`` for each item in turn, with
    /// `proposed` as its target: the first veto vetoes, else the first
    /// redirect redirects the group, else the group is accepted. So rules
    /// written for one item (sections closed to drops, items that stay in
    /// their section) hold for every item of a group.
    public func target(forMovingItems items: [ItemID], from sources: [ItemPath],
                       proposed: ItemPath) -> MoveTarget {
        targetAskingEachItem(forMovingItems: items, from: sources, proposed: proposed)
    }

    /// The default group answer: the one-item question per item.
    /// - Complexity: O(k) for k items.
    func targetAskingEachItem(forMovingItems items: [ItemID], from sources: [ItemPath],
                              proposed: ItemPath) -> MoveTarget {
        var answer = MoveTarget.accept
        for (item, source) in zip(items, sources) {
            switch target(forMoving: item, from: source, proposed: proposed) {
            case .accept: continue
            case .veto: return .veto
            case .redirect(let path): if answer == .accept { answer = .redirect(path) }
            }
        }
        return answer
    }
    /// Delete, performed by a full swipe (UIKit's default for an editable row).
    public func trailingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions {
        SwipeActions([.delete], fullSwipeAction: "delete")
    }
    /// None: a leading swipe does not open (UIKit's default).
    public func leadingActions(for item: ItemID, at indexPath: ItemPath) -> SwipeActions { .none }
    /// None: a long press drags the item, as before menus.
    public func menuActions(for item: ItemID, at indexPath: ItemPath) -> [EditingAction] { [] }
    /// A destructive action deletes the item, a normal one changes nothing.
    public func perform(_ action: EditingAction, on item: ItemID, at indexPath: ItemPath) -> ActionOutcome {
        action.style == .destructive ? .deleteItem : .keepItem
    }
    /// No item accepts drops into it.
    public func canAcceptDrop(of items: [ItemID], into target: ItemID) -> Bool { false }
    /// `true`: the engine asks ``canAcceptDrop(of:into:)`` whenever the
    /// proxy hovers the middle of an item.
    public var acceptsDropsIntoItems: Bool { true }
    /// Half a second.
    public func dropIntoDelay(for target: ItemID) -> Duration { .milliseconds(500) }
    /// Nothing.
    public func didDrop(_ items: [ItemID], into target: ItemID) {}
    /// A tap selects one item (UIKit's default: selection on, multiple off).
    public var selectionMode: SelectionMode { .single }
    /// Taps on headers are not reported.
    public var tapsOnHeaders: Bool { false }
    /// Every header's tap is reported once ``tapsOnHeaders`` is on.
    public func canTapHeader(of section: SectionID, at index: Int) -> Bool { true }
    /// The identity's raw value.
    public func accessibilityLabel(for item: ItemID) -> String { item.rawValue }
    /// The identity's raw value.
    public func accessibilityLabel(forSection section: SectionID) -> String { section.rawValue }
}

/// The name the delegate had before it was an embedder's protocol; kept so
/// code written against it still compiles.
package typealias EditingPolicy = CollectionDelegate
