import ArgumentParser
import Foundation
import Gripper
import GripperFiles
import GripperGeometry
import GripperLayout
import GripperPictures
import GripperWindow

/// `--screenshot`: the picture as PNG at a moment, and beside it (FILE.json)
/// the engine's attributes at that moment in picture pixels, so a test
/// checks the pixels against the engine rather than a stored image.
struct Screenshot {
    /// When to take it.
    enum Moment: Hashable {
        /// At this playback time (microseconds since the start).
        case time(Int64)
        /// Once the editing state has been this for 200 ms.
        case state(String)
    }

    struct Request: Hashable {
        var moment: Moment
        var path: String

        init(parsing text: String) throws {
            guard let colon = text.firstIndex(of: ":"), !text[text.index(after: colon)...].isEmpty else {
                throw ValidationError("--screenshot takes SECONDS:FILE or STATE:FILE, not \(text)")
            }
            let when = String(text[..<colon])
            path = String(text[text.index(after: colon)...])
            if let seconds = Double(when) {
                guard seconds.isFinite, seconds >= 0, seconds < 1e9 else {
                    throw ValidationError("--screenshot: the time must be 0 to 1e9 seconds, not \(when)")
                }
                moment = .time(Int64((seconds * 1_000_000).rounded()))
            } else if !when.isEmpty, when.allSatisfy({ $0.isLetter }) {
                moment = .state(when)
            } else {
                throw ValidationError("--screenshot: \(when) is neither seconds nor a state name")
            }
        }
    }

    /// The requests not yet taken.
    private(set) var pending: [Request]
    private var stateSince: (name: String, time: Int64)?

    init(_ requests: [Request]) { pending = requests }

    /// Takes the shots due at `time` (the picture just drawn by `painter`,
    /// showing `engine`) while no transition is running, so the pixels show
    /// the engine's attributes exactly.
    mutating func take(at time: Int64, engine: Engine, painter: ScenePainter) throws {
        if stateSince?.name != engine.stateName { stateSince = (engine.stateName, time) }
        guard !pending.isEmpty, !painter.isAnimating(at: time), let snapshot = painter.lastSnapshot else { return }
        var left: [Request] = []
        for request in pending {
            let due: Bool
            switch request.moment {
            case .time(let t): due = time >= t
            case .state(let name): due = stateSince.map { $0.name == name && time - $0.time >= 200_000 } ?? false
            }
            guard due else { left.append(request); continue }
            try write(painter.renderer.png(), to: request.path)
            try write(Array(Self.attributes(snapshot, time: time, scale: painter.renderer.scale).utf8), to: request.path + ".json")
        }
        pending = left
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        do { try FileOutput.write(bytes, to: path) } catch { throw Failure.exit(error.description) }
    }

    /// The snapshot's elements as JSON, frames in pixels of the picture
    /// (status bar included): `{"time":…,"state":…,"elements":[{"kind":…,
    /// "path":[s,i],"frame":[x,y,w,h],"pane":[…]}…],"contact":[x,y]}`.
    static func attributes(_ s: EngineSnapshot, time: Int64, scale: Double) -> String {
        let bar = SceneDrawing.statusBarHeight
        func rect(_ r: Rect) -> String {
            let x = (r.minX - s.origin.x) * scale, y = (r.minY - s.origin.y + bar) * scale
            return "[\(x),\(y),\(r.width * scale),\(r.height * scale)]"
        }
        func element(_ a: LayoutAttributes) -> String {
            var out = "{\"kind\":\"\(a.kind)\""
            if let p = a.indexPath { out += ",\"path\":[\(p.section),\(p.item)]" }
            out += ",\"frame\":" + rect(a.frame)
            if let swipe = a.swipe {
                out += ",\"pane\":" + rect(swipe.paneFrame) + ",\"actions\":["
                out += swipe.actions.map { "{\"frame\":" + rect($0.frame) + ",\"destructive\":\($0.style == .destructive)}" }
                    .joined(separator: ",") + "]"
            }
            return out + "}"
        }
        var parts = s.attributes.map(element)
        if let hidden = s.hiddenSource { parts.append(element(hidden).replacingOccurrences(of: "\"kind\":\"cell\"", with: "\"kind\":\"hiddenSource\"")) }
        var out = "{\"time\":\(time),\"state\":\"\(s.stateName)\",\"scale\":\(scale),\"elements\":[\n" + parts.joined(separator: ",\n") + "]"
        if let c = s.contact { out += ",\"contact\":[\(c.x * scale),\((c.y + bar) * scale)]" }
        return out + "}\n"
    }
}
