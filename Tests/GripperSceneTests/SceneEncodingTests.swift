import Testing
import Gripper
import GripperScene
import GripperScripting
import GripperTesting

/// `Scene.jsonText()` writes what `Scene.decode` reads back to an equal
/// scene, and the app's scrolls and batches are stimuli a scene can hold.
@Suite struct SceneEncodingTests {
    /// Every bundled scenario that is neither segmented nor composed, and
    /// says what happens in English or not at all.
    @Test(arguments: ScenarioFolder.names)
    func everyBundledSceneReadsBackEqual(_ name: String) throws {
        let scene = try ScenarioFolder(name).scene
        guard scene.segments == nil, scene.children == nil, scene.announcements == nil || scene.announcements == .english else {
            #expect(throws: Scene.EncodingError.self) { try scene.jsonText() }
            return
        }
        let text = try scene.jsonText()
        let back = try Scene.decode(text, fileName: "\(name)/written.json")
        #expect(back == scene, "\(name) reads back otherwise:\n\(text)")
    }

    @Test func numbersAndWordsAtTheEdgesReadBackEqual() throws {
        let odd = "quote \" slash \\ newline \n tab \t bell \u{7} nel \u{85} ls \u{2028} émoji 🍐"
        var item = Scene.Item(id: ItemID(odd), label: odd, height: 0.1 + 0.2)
        item.dropIntoDelay = .microseconds(1_234_567)
        var metrics = LayoutMetrics(rowHeight: 1e-7)
        metrics.interItemSpacing = 1.0 / 3
        let scene = Scene(viewport: Size(width: 1e7, height: 123.456789012345), metrics: metrics,
                          sections: [Scene.Section(id: SectionID(odd), title: odd, items: [item])],
                          stimuli: [Scene.Stimulus(offset: .microseconds(1), action: .scroll(.offset(-0.5), animated: true)),
                                    Scene.Stimulus(offset: .microseconds(999_999_999_999_999), action: .undo)])
        #expect(try Scene.decode(try scene.jsonText()) == scene)
    }

    @Test func aBatchStimulusDefinesItsItemsAndAppliesAsTheAppsCall() throws {
        let text = """
        {"viewport": {"width": 300, "height": 400},
         "sections": [{"id": "s", "items": [{"id": "a"}, {"id": "b"}]}],
         "stimuli": [{"t": 0.5, "batch": [{"deleteItem": [0, 0]},
                                          {"insertItem": {"at": [0, 1], "item": {"id": "c", "movable": false, "label": "Cee"}}},
                                          {"insertSection": {"at": 1, "id": "t"}}]},
                     {"t": 0.6, "scroll": {"item": [0, 1], "position": "top", "animated": false}},
                     {"t": 0.7, "scroll": {"offset": 0}},
                     {"t": 0.8, "batch": [{"deleteItem": [0, 9]}]}]}
        """
        let scene = try Scene.decode(text)
        #expect(scene.itemsByID["c"]?.isMovable == false)
        #expect(scene.itemsByID["c"]?.label == "Cee")
        #expect(try Scene.decode(try scene.jsonText()) == scene)
        var driver = try EngineDriver(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        driver.handle(EventFrame(time: .zero, events: []))
        driver.finish()
        let lines = driver.engine.transcript.text
        #expect(driver.engine.model.sections.map { (s: CollectionSection) in s.items.map(\.rawValue) } == [["b", "c"], []])
        #expect(lines.contains("appBatch #1"), "\(lines)")
        // A batch that breaks a rule changes nothing and says nothing of its own.
        #expect(!lines.contains("appBatch #2"))
    }

    @Test func aBatchMovesAndReloadsSectionsAndReadsBackEqual() throws {
        let text = """
        {"viewport": {"width": 300, "height": 400},
         "sections": [{"id": "s", "items": [{"id": "a"}, {"id": "b"}]}, {"id": "t", "items": [{"id": "c"}]},
                      {"id": "u", "items": []}],
         "stimuli": [{"t": 0.5, "batch": [{"moveSection": {"from": 0, "to": 2}}, {"reloadSection": 1},
                                          {"deleteItem": [0, 1]}]},
                     {"t": 0.6, "batch": [{"moveSection": {"from": 2, "to": 0}}, {"reloadSection": 1}]}]}
        """
        let scene = try Scene.decode(text)
        guard case .batch(let batch)? = scene.stimuli.first?.action else {
            Issue.record("no batch read: \(scene.stimuli)")
            return
        }
        #expect(batch == BatchUpdate([.moveSection(from: 0, to: 2), .reloadSection(1), .deleteItem(ItemPath(section: 0, item: 1))]))
        #expect(try scene.jsonText().contains(#"{"moveSection": {"from": 0, "to": 2}}, {"reloadSection": 1}"#))
        #expect(try Scene.decode(try scene.jsonText()) == scene)
        var driver = try EngineDriver(scene: scene, device: TestDevices.probeTouchscreen, recordingTranscript: true)
        driver.handle(EventFrame(time: .zero, events: []))
        driver.finish()
        let lines = driver.engine.transcript.text
        #expect(driver.engine.model.sections.map(\.id.rawValue) == ["s", "t", "u"])
        #expect(driver.engine.model.sections.map { (s: CollectionSection) in s.items.map(\.rawValue) } == [["a"], ["c"], []])
        #expect(lines.contains("appBatch #1 move section 0 -> 2; reload section 1; delete [0,1]"), "\(lines)")
        #expect(lines.contains("appBatch #2 move section 2 -> 0; reload section 1"), "\(lines)")
    }

    @Test func aSectionMoveOrReloadOfTheWrongShapeIsNamedWhereItIs() {
        func problem(_ stimulus: String) -> String? {
            do {
                _ = try Scene.decode(#"{"viewport":{"width":1,"height":1},"sections":[],"stimuli":[{"t":0,"# + stimulus + "}]}")
                return nil
            } catch { return error.description }
        }
        #expect(problem(#""batch":[{"moveSection":{"from":0}}]"#)?.contains("stimuli[0].batch[0].moveSection") == true)
        #expect(problem(#""batch":[{"moveSection":{"from":0}}]"#)?.contains("to") == true)
        #expect(problem(#""batch":[{"moveSection":{"from":0,"to":-1}}]"#)?.contains("stimuli[0].batch[0].moveSection.to") == true)
        #expect(problem(#""batch":[{"moveSection":{"from":0.5,"to":1}}]"#)?.contains("moveSection.from") == true)
        #expect(problem(#""batch":[{"moveSection":{"from":0,"to":1,"by":2}}]"#)?.contains("by") == true)
        #expect(problem(#""batch":[{"moveSection":[0,1]}]"#)?.contains("stimuli[0].batch[0].moveSection") == true)
        #expect(problem(#""batch":[{"reloadSection":"1"}]"#)?.contains("stimuli[0].batch[0].reloadSection") == true)
        #expect(problem(#""batch":[{"reloadSection":1e300}]"#)?.contains("stimuli[0].batch[0].reloadSection") == true)
        #expect(problem(#""batch":[{"reloadSection":1,"moveSection":{"from":0,"to":1}}]"#)?.contains("exactly one of") == true)
        // Every message carries the line.
        #expect(problem(#""batch":[{"reloadSection":-1}]"#)?.contains(":1:") == true)
    }

    @Test func aBatchOrScrollOfTheWrongShapeIsNamed() {
        func problem(_ stimulus: String) -> String? {
            do {
                _ = try Scene.decode(#"{"viewport":{"width":1,"height":1},"sections":[],"stimuli":[{"t":0,"# + stimulus + "}]}")
                return nil
            } catch { return error.description }
        }
        #expect(problem(#""batch":[{"swapItems":[0,0]}]"#)?.contains("stimuli[0].batch[0].swapItems") == true)
        #expect(problem(#""batch":[{"deleteItem":[0]}]"#)?.contains("expected [section, item]") == true)
        #expect(problem(#""scroll":{"offset":1,"item":[0,0]}"#)?.contains("either offset or item") == true)
        #expect(problem(#""scroll":{"item":[0,0],"position":"middle"}"#)?.contains("middle") == true)
    }
}
