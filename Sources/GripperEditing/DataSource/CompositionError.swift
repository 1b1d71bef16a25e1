/// A composed or segmented data source that cannot be built as asked: its
/// children contradict each other, or a child's update contradicts the
/// batch that describes it. Nothing changes when one is thrown.
public enum CompositionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two children share a key (the keys name the children's sections, so
    /// they must be unique).
    case duplicateKey(String, children: Int, Int)
    /// A key is empty or holds a `/` (the separator of a composed section's
    /// identity, `key/section`).
    case badKey(String, child: Int)
    /// A child says it has fewer than zero sections.
    case negativeSectionCount(child: Int, count: Int)
    /// There is no child at this index.
    case noSuchChild(Int, count: Int)
    /// A child's new data source has `found` sections where its old one and
    /// the batch make `expected`.
    case sectionCountMismatch(child: Int, expected: Int, found: Int)
    /// A segmented source needs at least one child.
    case noChildren

    public var description: String {
        switch self {
        case .duplicateKey(let key, let a, let b):
            "composed data source: children \(a) and \(b) share the key \"\(key)\""
        case .badKey(let key, let child):
            "composed data source: child \(child)'s key \"\(key)\" is empty or holds a '/'"
        case .negativeSectionCount(let child, let count):
            "composed data source: child \(child) has \(count) sections"
        case .noSuchChild(let child, let count):
            "composed data source: no child \(child) (there are \(count))"
        case .sectionCountMismatch(let child, let expected, let found):
            "composed data source: child \(child)'s new data source has \(found) sections, its batch makes \(expected)"
        case .noChildren:
            "segmented data source: no children"
        }
    }
}
