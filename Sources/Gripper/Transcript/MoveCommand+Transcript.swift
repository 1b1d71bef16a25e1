import GripperEditing

extension MoveCommand {
    /// The command as the transcript's text form writes it (`up`, `by -3`, `toSection 1` …).
    var transcriptText: String {
        switch self {
        case .up: "up"
        case .down: "down"
        case .toTop: "toTop"
        case .toBottom: "toBottom"
        case .toSection(let s): "toSection \(s)"
        case .by(let n): "by \(n)"
        }
    }

    /// The command's fields in the JSON form, each with its leading comma.
    var transcriptJSONFields: String {
        switch self {
        case .up: ",\"command\":\"up\""
        case .down: ",\"command\":\"down\""
        case .toTop: ",\"command\":\"toTop\""
        case .toBottom: ",\"command\":\"toBottom\""
        case .toSection(let s): ",\"command\":\"toSection\",\"section\":\(s)"
        case .by(let n): ",\"command\":\"by\",\"n\":\(n)"
        }
    }
}
