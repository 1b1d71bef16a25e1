import GripperGestures

/// What a replay case pins besides its trace and scene: a `case.json` (see
/// `Documentation/ReplayCases.md`). Paths are as written, relative to the
/// file's folder; the caller resolves them.
///
/// ```json
/// {"scene": "../shared-scene.json", "traces": "../real", "device": "panel.desc",
///  "gestures": {"longPressDuration": 0.4, "touchSlopMillimetres": 2, "maximumTapCount": 2}}
/// ```
public struct ReplaySettings: Hashable, Sendable {
    /// The scene for cases that have none of their own (`scene.json`).
    public var scene: String?
    /// The folder holding the traces of the named cases (`NAME.expected.txt`).
    public var traces: String?
    /// A device description (an evemu `.desc`, or any trace file) that
    /// replaces the trace's own, so the case replays the same whatever
    /// panel it was recorded on.
    public var device: String?
    /// The recognizers' thresholds; the defaults where the file names none.
    public var gestures: GestureConfiguration

    /// Settings that pin nothing.
    public init(scene: String? = nil, traces: String? = nil, device: String? = nil,
                gestures: GestureConfiguration = .default) {
        self.scene = scene
        self.traces = traces
        self.device = device
        self.gestures = gestures
    }

    /// The fields of `"gestures"`: each a `GestureConfiguration` property,
    /// durations in seconds.
    public static let gestureFields = [
        "recognizers", "touchSlopMillimetres", "pointerSlopMillimetres", "maximumTapDuration", "maximumTapCount",
        "doubleTapInterval", "doubleTapSlopMillimetres", "longPressDuration", "swipeMinimumDistanceMillimetres",
        "swipeMinimumSpeedMillimetresPerSecond", "swipeMaximumAngleDegrees", "velocityWindow",
        "scrollPointsPerDetent", "extraContacts", "reportsFailures",
    ]

    /// Reads settings from the bytes of a JSON file (pure). Unknown and
    /// repeated keys are errors; numbers must be finite and in range.
    /// - Throws: ``SceneError`` naming the file, the line, the field and the problem.
    public static func decode(_ bytes: [UInt8], fileName: String = "") throws(SceneError) -> ReplaySettings {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneError(file: fileName, path: error.path, line: error.line,
                             problem: error.isDuplicateKey ? error.message
                                 : "not valid JSON: \(error.message) (column \(error.column))")
        }
        func fail(_ path: String, _ value: JSONValue, _ problem: String) -> SceneError {
            SceneError(file: fileName, path: path, line: value.keyLine ?? value.line, problem: problem)
        }
        guard case .object(let members) = root.content else { throw fail("$", root, "expected an object, found \(root.kindName)") }
        var settings = ReplaySettings()
        for (key, value) in members {
            switch key {
            case "scene", "traces", "device":
                guard case .string(let s) = value.content, !s.isEmpty else {
                    throw fail(key, value, "expected a non-empty path, found \(value.kindName)")
                }
                if key == "scene" { settings.scene = s } else if key == "traces" { settings.traces = s } else { settings.device = s }
            case "gestures":
                settings.gestures = try gestures(value, fail: fail)
            default:
                throw fail(SceneError.pathKey(key), value, "unknown field; expected one of scene, traces, device, gestures")
            }
        }
        return settings
    }

    private static func gestures(_ value: JSONValue,
                                 fail: (String, JSONValue, String) -> SceneError) throws(SceneError) -> GestureConfiguration {
        guard case .object(let members) = value.content else {
            throw fail("gestures", value, "expected an object, found \(value.kindName)")
        }
        var c = GestureConfiguration()
        for (key, v) in members {
            let path = "gestures." + SceneError.pathKey(key)
            func number(_ range: ClosedRange<Double>) throws(SceneError) -> Double {
                guard case .number(let x) = v.content else { throw fail(path, v, "expected a number, found \(v.kindName)") }
                guard x.isFinite, range.contains(x) else {
                    throw fail(path, v, "expected a number from \(range.lowerBound) to \(range.upperBound), found \(x)")
                }
                return x
            }
            func seconds() throws(SceneError) -> Duration {
                // Whole microseconds, as event times are.
                .microseconds(Int64((try number(0...1_000_000) * 1_000_000).rounded()))
            }
            switch key {
            case "touchSlopMillimetres": c.touchSlopMillimetres = try number(0...10_000)
            case "pointerSlopMillimetres": c.pointerSlopMillimetres = try number(0...10_000)
            case "doubleTapSlopMillimetres": c.doubleTapSlopMillimetres = try number(0...10_000)
            case "swipeMinimumDistanceMillimetres": c.swipeMinimumDistanceMillimetres = try number(0...10_000)
            case "swipeMinimumSpeedMillimetresPerSecond": c.swipeMinimumSpeedMillimetresPerSecond = try number(0...1_000_000)
            case "swipeMaximumAngleDegrees": c.swipeMaximumAngleDegrees = try number(0...90)
            case "scrollPointsPerDetent": c.scrollPointsPerDetent = try number(0...10_000)
            case "maximumTapDuration": c.maximumTapDuration = try seconds()
            case "doubleTapInterval": c.doubleTapInterval = try seconds()
            case "longPressDuration": c.longPressDuration = try seconds()
            case "velocityWindow": c.velocityWindow = try seconds()
            case "maximumTapCount":
                let x = try number(1...100)
                guard x == x.rounded() else { throw fail(path, v, "expected a whole number from 1 to 100, found \(x)") }
                c.maximumTapCount = Int(x)
            case "reportsFailures":
                guard case .bool(let b) = v.content else { throw fail(path, v, "expected true or false, found \(v.kindName)") }
                c.reportsFailures = b
            case "extraContacts":
                guard case .string(let s) = v.content, let policy = ExtraContactPolicy(rawValue: s) else {
                    throw fail(path, v, "expected one of " + ExtraContactPolicy.allCases.map(\.rawValue).joined(separator: ", "))
                }
                c.extraContacts = policy
            case "recognizers":
                guard case .array(let items) = v.content else { throw fail(path, v, "expected an array, found \(v.kindName)") }
                var kinds = Set<GestureKind>()
                for item in items {
                    guard case .string(let s) = item.content, let kind = GestureKind(rawValue: s) else {
                        throw fail(path, item, "expected recognizer names: " + GestureKind.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    kinds.insert(kind)
                }
                c.recognizers = kinds
            default:
                throw fail(path, v, "unknown field; expected one of \(gestureFields.joined(separator: ", "))")
            }
        }
        return c
    }
}
