import GripperEditing
import GripperLayout

extension Scene {
    /// One segment of a segmented scene (`segments`): a key that names it
    /// (the header's title; its sections are `key/id` in the engine's
    /// model) and its own sections, with their own titles and column counts.
    /// The scene shows one segment at a time; a `segment` stimulus switches.
    public struct Segment: Hashable, Sendable {
        /// The segment's name, unique among the scene's segments, without `/`.
        public var key: String
        /// The segment's sections, with their own identities (not prefixed).
        public var sections: [Section]
        /// The segment's own metrics for all its sections (`rowHeight`,
        /// `headerHeight`; a section's `columns` still wins); nil values are
        /// the scene's layout.
        public var metrics: SectionMetrics

        /// Creates a segment.
        public init(key: String, sections: [Section], metrics: SectionMetrics = .inherited) {
            self.key = key
            self.sections = sections
            self.metrics = metrics
        }

        /// The sections as the engine's model names them: `key/id`.
        public var composedSections: [Section] {
            sections.map { section in
                var s = section
                s.id = SectionID(key + "/" + section.id.rawValue)
                return s
            }
        }
    }
}
