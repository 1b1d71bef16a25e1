import GripperTesting
import GripperLayout
@testable import GripperEditing
import GripperScripting

/// Builds models from compact literals: `model(["A": ["a", "b"], …])` keeps order via pairs.
func model(_ sections: [(String, [String])]) -> CollectionModel {
    // Test data is written by hand and unique; a duplicate is a test bug.
    try! CollectionModel(sections: sections.map { CollectionSection(id: SectionID($0.0), items: $0.1.map { ItemID($0) }) })
}

func ip(_ s: Int, _ i: Int) -> ItemPath { ItemPath(section: s, item: i) }

/// The model as plain arrays, for comparisons.
func plain(_ m: CollectionModel) -> [[String]] { m.sections.map { $0.items.map(\.rawValue) } }

/// A random model: `sections` sections with random sizes, item ids `prefix0…`.
func randomModel(sections: Int, maxItems: Int, prefix: String = "i", using rng: inout SeededGenerator) -> CollectionModel {
    var n = 0
    var result: [(String, [String])] = []
    for s in 0..<sections {
        let count = Int.random(in: 0...maxItems, using: &rng)
        result.append(("S\(s)", (0..<count).map { _ in defer { n += 1 }; return "\(prefix)\(n)" }))
    }
    return model(result)
}
