import Gripper
import GripperEditing
import GripperGestures
import GripperInput
import GripperLayout

extension Engine {
    /// Creates an engine at rest on `scene` for input from `device`: the
    /// scene's ``SceneDataSource`` and ``ScenePolicy`` opened with
    /// `Engine(dataSource:delegate:viewport:metrics:layout:device:gestures:recordingTranscript:makingTransitions:)`,
    /// with the layout of the scene's `layout.kind`.
    /// The scene's stimulus track is not the engine's: open an
    /// ``EngineDriver`` with `EngineDriver(scene:device:…)` to run it too.
    /// - Throws: ``SceneError`` when the scene's model or layout is invalid.
    /// - Parameter scene: the data, rules, viewport and layout to open on.
    /// - Parameter device: the input device the frames come from.
    /// - Parameter gestures: the recognizers' thresholds and timeouts.
    /// - Parameter recordingTranscript: keep every entry in `transcript`.
    /// - Parameter makingTransitions: make an `EngineTransition` for every
    ///   change to what is shown.
    /// - Complexity: O(n) over the scene's items (it checks their identities).
    public init(scene: Scene, device: DeviceDescription,
                gestures: GestureConfiguration = .default, recordingTranscript: Bool = false,
                makingTransitions: Bool = false) throws(SceneError) {
        _ = try scene.model()
        let items = Scene.ItemIndex(scene)
        let layout: any CollectionLayout
        do {
            layout = try scene.layoutKind.make(metrics: scene.metrics, viewport: scene.viewport)
        } catch {
            throw SceneError(path: "layout", problem: "the layout rejects the scene: \(error)")
        }
        // Each part (a segment, a child): the scene's data and rules over
        // that part's sections alone.
        func children(_ parts: [Scene.Segment]) -> [ChildDataSource] {
            parts.map { p in
                var part = scene
                part.sections = p.sections
                part.segments = nil
                part.children = nil
                return ChildDataSource(key: p.key, dataSource: SceneDataSource(scene: part, items: items, metrics: p.metrics),
                                       delegate: ScenePolicy(scene: part, items: items))
            }
        }
        // A segmented scene: one child per segment.
        var segmented: SegmentedDataSource?
        if let segments = scene.segments {
            do {
                segmented = try SegmentedDataSource(children(segments), selectedIndex: scene.selectedSegment,
                                                    selectionMode: scene.selectionMode)
            } catch {
                throw SceneError(path: "segments", problem: "\(error)")
            }
        }
        // A composed scene: one child per part, all shown.
        var composed: ComposedDataSource?
        if let parts = scene.children {
            do {
                composed = try ComposedDataSource(children(parts), selectionMode: scene.selectionMode)
            } catch {
                throw SceneError(path: "children", problem: "\(error)")
            }
        }
        do {
            let data: any CollectionDataSource
            let rules: any CollectionDelegate
            if let segmented {
                data = segmented
                rules = segmented
            } else if let composed {
                data = composed
                rules = composed
            } else {
                data = SceneDataSource(scene: scene, items: items)
                rules = ScenePolicy(scene: scene, items: items)
            }
            try self.init(dataSource: data,
                          delegate: rules, viewport: scene.viewport,
                          metrics: scene.metrics, layout: layout, device: device, gestures: gestures,
                          recordingTranscript: recordingTranscript, makingTransitions: makingTransitions)
            announcementStrings = scene.announcements
            setPinchLayouts(scene.pinchLayouts)
        } catch {
            switch error {
            case .dataSource(let e): throw SceneError(path: "sections", problem: "\(e)")
            case .layout(let e): throw SceneError(path: "layout", problem: "the layout rejects the scene: \(e)")
            }
        }
    }
}

extension EngineDriver {
    /// A driver of an engine at rest on `scene` (see
    /// `Engine(scene:device:gestures:recordingTranscript:makingTransitions:)`)
    /// with the scene's stimuli as its track: what a replay and a live run
    /// of a scene run.
    /// - Throws: ``SceneError`` when the scene's model or layout is invalid.
    /// - Complexity: O(n) over the scene's items.
    public init(scene: Scene, device: DeviceDescription,
                gestures: GestureConfiguration = .default, recordingTranscript: Bool = false,
                makingTransitions: Bool = false) throws(SceneError) {
        self.init(engine: try Engine(scene: scene, device: device, gestures: gestures,
                                     recordingTranscript: recordingTranscript, makingTransitions: makingTransitions),
                  track: scene.track)
    }
}
