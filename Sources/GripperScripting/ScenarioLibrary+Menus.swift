import GripperGeometry
import GripperInput
import GripperTraces

extension ScenarioLibrary {
    /// Fruit (Apple, Pear, Plum) and Vegetables (Leek, Kale, Bean) under
    /// 32-point headers, every item with a menu of Copy, Share and a
    /// destructive Delete, announced; `stimuli` is the scene's track.
    static func menuScene(stimuli: String = "") -> String {
        """
        {"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":32,"separator":1},
         "announcements":true,
         "defaults":{"menu":[{"id":"copy","title":"Copy"},{"id":"share","title":"Share"},{"id":"delete","title":"Delete","style":"destructive"}]},
         "sections":[
          {"id":"fruit","title":"Fruit","items":[{"id":"apple","label":"Apple"},{"id":"pear","label":"Pear"},{"id":"plum","label":"Plum"}]},
          {"id":"veg","title":"Vegetables","items":[{"id":"leek","label":"Leek"},{"id":"kale","label":"Kale"},{"id":"bean","label":"Bean"}]}],
         "stimuli":[\(stimuli)]}
        """
    }

    static var menuThenDrag: Scenario {
        var b = touch(seed: 45)
        // Pear's centre is at 116 (header 32, rows 56). Held still, the long
        // press opens Pear's menu at 500 ms; moving on past 10 points closes
        // it and lifts Pear into the drag, which lands in Vegetables.
        b.drag(from: pt(200, 32 + 56 + 28), to: pt(200, 232 + 56 + 28), hold: .milliseconds(900))
        b.pause(.milliseconds(300))
        return Scenario(name: "menu-then-drag",
                        summary: "Long-press Pear, which has a menu: the menu opens (announced); moving on from it closes the menu and drags Pear into Vegetables, as iOS 13 does.",
                        scene: menuScene(), trace: trace(b))
    }

    static var menuTapEntry: Scenario {
        var b = touch(seed: 46)
        // A long press on Pear opens its menu below the cell (from y 152,
        // 44 points an entry: Copy, Share, Delete); the finger lifts and the
        // menu stays; a tap on Delete deletes Pear. Then the keyboard: Plum
        // focused, the Menu key opens its menu on Copy, Tab selects Share,
        // Enter performs it (journaled, nothing deleted).
        b.longPress(at: pt(200, 32 + 56 + 28), duration: .milliseconds(800))
        b.pause(.milliseconds(400))
        b.tap(at: pt(100, 152 + 88 + 22))
        b.pause(.milliseconds(300))
        let stimuli = """
        {"t":2.2,"focus":[0,1]},{"t":2.4,"key":"menu"},{"t":2.6,"key":"tab"},{"t":2.8,"key":"enter"}
        """
        return Scenario(name: "menu-tap-entry",
                        summary: "Long-press Pear and lift: its menu stays open; a tap on Delete deletes Pear (one journaled action). Then the keys: the Menu key opens Plum's menu, Tab selects Share, Enter performs it.",
                        scene: menuScene(stimuli: stimuli), trace: trace(b))
    }
}
