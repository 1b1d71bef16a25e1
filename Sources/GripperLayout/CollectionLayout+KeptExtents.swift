extension CollectionLayout {
    /// The per-item heights (along the scroll axis) the layout keeps for
    /// section `section`, measured heights included; nil for a section of
    /// fixed row height, a section the layout does not have, or a layout
    /// that does not say (the app's own). The engine hands them back when
    /// a batch moves sections around, so a moved section keeps what was
    /// measured in it (widths are read again from the data source: a flow
    /// layout keeps them clamped to its line).
    /// - Complexity: O(m) for the m items of the section (a copy).
    package func keptItemHeights(inSection section: Int) -> [Double]? {
        if let grid = self as? GridLayout {
            guard grid.sections.indices.contains(section) else { return nil }
            return grid.sections[section].heights?.values
        }
        if let flow = self as? FlowLayout {
            guard flow.sections.indices.contains(section) else { return nil }
            return flow.sections[section].sizes.heights
        }
        return nil
    }
}
