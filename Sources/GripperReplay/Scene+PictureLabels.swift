import Gripper
import GripperEditing
import GripperPictures
import GripperScene

extension Scene {
    /// The words of the scene's pictures: each item's label and its swipe
    /// actions' titles (trailing, then leading), each section's title and
    /// the global header's, by identity — the scene's reloads included (the
    /// first definition of a section wins).
    /// - Complexity: O(n) over the scene's items, once; each lookup is O(1).
    public var pictureLabels: PictureLabels {
        var labels: [ItemID: ItemLabel] = [:]
        for (id, item) in itemsByID {
            labels[id] = ItemLabel(text: item.label, actions: item.trailingActions.actions + item.leadingActions.actions)
        }
        var titles: [SectionID: String?] = [:]
        for section in sections where titles[section.id] == nil { titles[section.id] = .some(section.title) }
        for segment in (segments ?? []) + (children ?? []) {
            for section in segment.composedSections where titles[section.id] == nil { titles[section.id] = .some(section.title) }
        }
        for stimulus in stimuli {
            switch (stimulus.action, stimulus.sections) {
            case (.reload, let sections?):
                for section in sections where titles[section.id] == nil { titles[section.id] = .some(section.title) }
            case (.loadingChild(let key, _, _), let content?):
                // A child's sections are `key/id` in the engine's model.
                for section in content {
                    let id = SectionID(key + "/" + section.id.rawValue)
                    if titles[id] == nil { titles[id] = .some(section.title) }
                }
            default:
                break
            }
        }
        return PictureLabels(item: { [labels] in labels[$0] }, sectionTitle: { [titles] in titles[$0] ?? nil },
                             globalHeaderTitle: globalHeaderTitle)
    }
}
