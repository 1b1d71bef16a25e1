/// Why the window renderer could not start or draw: what failed and SDL's
/// (or the file system's) own words.
public struct RendererError: Error, CustomStringConvertible, Sendable {
    /// What was being done, e.g. `cannot open the window`.
    public var what: String
    /// The reason, e.g. SDL_GetError()'s text or a path.
    public var why: String
    /// A renderer error.
    public init(_ what: String, _ why: String) {
        self.what = what
        self.why = why
    }
    /// `what: why`.
    public var description: String { "\(what): \(why)" }
}
