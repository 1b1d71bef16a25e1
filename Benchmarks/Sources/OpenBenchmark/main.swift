// open-bench: opening an Engine on an app's data source of 1,000,000 items,
// with fixed row heights (goal <= 20 ms) and with an estimated height per
// item (goal <= 100 ms). See BENCHMARKS.md.
import BenchmarkSupport
import Gripper
import GripperEditing
import GripperGeometry
import GripperLayout
import GripperScripting

/// One section of `count` messages whose identities are their numbers; an
/// estimated height per item when `heights` is set.
struct Messages: CollectionDataSource {
    var count: Int
    var heights: [Double]?
    var numberOfSections: Int { 1 }
    func sectionID(at section: Int) -> SectionID { "inbox" }
    func numberOfItems(inSection section: Int) -> Int { count }
    func itemID(at indexPath: ItemPath) -> ItemID { ItemID(String(indexPath.item)) }
    var hasItemHeights: Bool { heights != nil }
    func height(ofItemAt indexPath: ItemPath) -> Double? {
        heights.flatMap { indexPath.item < $0.count ? $0[indexPath.item] : nil }
    }
    func height(ofItem item: ItemID, at indexPath: ItemPath) -> Double? {
        heights.flatMap { indexPath.item < $0.count ? $0[indexPath.item] : nil }
    }
}

struct Rules: CollectionDelegate {}

let n = 1_000_000
let device = TestDevices.probeTouchscreen
let viewport = Size(width: 390, height: 844)
let estimated = (0..<n).map { 44 + Double($0 % 5) * 11 }

func open(_ source: Messages) -> Timings {
    measure(iterations: 5, warmup: 1) {
        let engine = try! Engine(dataSource: source, delegate: Rules(), viewport: viewport, device: device)
        precondition(engine.model.numberOfItems == n)
    }
}

let fixed = open(Messages(count: n, heights: nil))
print("open \(n) items: \(fixed.median / 1e6) ms (fixed row height; median of 5, best \(fixed.samples[0] / 1e6) ms; goal <= 20 ms)")
let perItem = open(Messages(count: n, heights: estimated))
print("open \(n) items: \(perItem.median / 1e6) ms (an estimated height per item; median of 5, best \(perItem.samples[0] / 1e6) ms; goal <= 100 ms)")
