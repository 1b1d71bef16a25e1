import GripperGeometry
import GripperInput
import GripperTraces

extension ScenarioLibrary {
    /// Pear is dragged down Fruit; while the finger rests, the app moves
    /// Fruit below Vegetables (a `moveSection` batch): the drag goes on in
    /// the moved section, its gap between the same neighbours (drops stay
    /// in their section, so the finger now over Vegetables leaves it
    /// there), and Pear lands after Plum, in Fruit, now the second section.
    static var sectionMovedMidDrag: Scenario {
        var b = touch(seed: 71)
        let start = b.now
        // Headers 32, rows 56: Pear's centre is at 116, Plum's at 172. Over
        // Plum's lower half the gap opens below Plum; the app's batch comes
        // 1.6 s in, while the finger rests there. Fruit then starts at 200
        // (below Vegetables' header and three rows): Plum's centre at 344,
        // where the finger goes before it lifts.
        b.perform([TraceBuilder.Stroke(at: pt(200, 32 + row(1))).holding(.milliseconds(700))
            .moving(to: pt(200, 32 + 56 * 2 + 44), over: .milliseconds(400)).holding(.milliseconds(900))
            .moving(to: pt(200, 200 + 32 + 56 * 2 + 44), over: .milliseconds(500)).holding(.milliseconds(200))])
        b.pause(.milliseconds(300))
        let moveAt = String(start.microseconds / 1000 + 1600) + "e-3"
        // Drops stay in their section, so the finger over Vegetables after
        // the move leaves the gap in Fruit (a veto keeps the last approved one).
        let scene = """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":32,"separator":1},
         "announcements":true,"movesBetweenSections":false,
         "sections":[
          {"id":"fruit","title":"Fruit","items":[{"id":"apple","label":"Apple"},{"id":"pear","label":"Pear"},{"id":"plum","label":"Plum"}]},
          {"id":"veg","title":"Vegetables","items":[{"id":"leek","label":"Leek"},{"id":"kale","label":"Kale"},{"id":"bean","label":"Bean"}]}],
         "stimuli":[{"t":\(moveAt),"batch":[{"moveSection":{"from":0,"to":1}}]}]}
        """
        return Scenario(name: "section-moved-mid-drag",
                        summary: "Long-press Pear and drag it below Plum; while the finger rests the app moves Fruit below Vegetables (moveSection 0 -> 1): the drag goes on in the moved section, its gap still below Plum (drops stay in their section, so the finger now over Vegetables leaves it there), and Pear lands there once the finger follows.",
                        scene: scene, trace: trace(b))
    }
}
