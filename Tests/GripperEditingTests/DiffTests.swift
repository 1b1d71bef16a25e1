import GripperTesting
import Testing
import GripperLayout
@testable import GripperEditing
import GripperScripting

@Suite struct DiffTests {
    /// O(n²) longest increasing subsequence length, the reference.
    static func lisLength(_ v: [Int]) -> Int {
        var best = [Int](repeating: 1, count: v.count)
        for i in v.indices { for j in 0..<i where v[j] < v[i] { best[i] = max(best[i], best[j] + 1) } }
        return best.max() ?? 0
    }

    @Test func singleMoveForOneDisplacedItem() throws {
        let a = model([("A", ["a", "b", "c", "d", "e"])])
        let b = model([("A", ["b", "c", "d", "a", "e"])])
        let batch = a.diff(to: b)
        #expect(batch.operations == [.moveItem(from: ip(0, 0), to: ip(0, 3))])
        #expect(try a.applying(batch) == b)
    }

    @Test func identicalModelsGiveAnEmptyBatch() {
        let a = model([("A", ["a", "b"]), ("B", ["c"])])
        #expect(a.diff(to: a).isEmpty)
    }

    @Test func crossSectionDeletesInsertsAndSections() throws {
        let a = model([("A", ["a", "b", "c"]), ("B", ["d"]), ("C", ["e"])])
        let b = model([("C", ["e", "x"]), ("A", ["d", "a"]), ("N", ["c"])])
        #expect(try a.applying(a.diff(to: b)) == b)
    }

    @Test(arguments: [UInt64(21), 22, 23, 24, 25, 26])
    func randomDiffsTurnOneModelIntoTheOther(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        for step in 0..<150 {
            // Two models over one pool of ids, with some ids only in one of them.
            let pool = (0..<Int.random(in: 0...24, using: &rng)).map { "i\($0)" }
            func make(_ rng: inout SeededGenerator) -> CollectionModel {
                let ids = pool.filter { _ in Int.random(in: 0..<5, using: &rng) > 0 }.shuffled(using: &rng)
                let sectionIDs = ["A", "B", "C", "D"].filter { _ in Bool.random(using: &rng) }.shuffled(using: &rng)
                guard !sectionIDs.isEmpty else { return .empty }
                var sections = sectionIDs.map { ($0, [String]()) }
                for id in ids { sections[Int.random(in: 0..<sections.count, using: &rng)].1.append(id) }
                return model(sections)
            }
            let a = make(&rng), b = make(&rng)
            let batch = a.diff(to: b)
            #expect(try a.applying(batch) == b, "seed \(seed) step \(step): \(batch)")
        }
    }

    @Test(arguments: [UInt64(31), 32, 33])
    func permutationsUseTheFewestMoves(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        for step in 0..<100 {
            let n = Int.random(in: 0...30, using: &rng)
            let ids = (0..<n).map { "i\($0)" }
            let shuffled = ids.shuffled(using: &rng)
            let a = model([("A", ids)]), b = model([("A", shuffled)])
            let batch = a.diff(to: b)
            let newIndex = Dictionary(uniqueKeysWithValues: shuffled.enumerated().map { ($1, $0) })
            let minimal = n - Self.lisLength(ids.map { newIndex[$0]! })
            #expect(batch.moveCount == minimal, "seed \(seed) step \(step)")
            #expect(batch.operations.count == batch.moveCount, "seed \(seed) step \(step)")
            #expect(try a.applying(batch) == b, "seed \(seed) step \(step)")
        }
    }
}
