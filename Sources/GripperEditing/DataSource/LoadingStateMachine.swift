// A change to this machine changes the diagram in Documentation/DataSources.md too.

/// What a data source shows instead of its items when it has none to show:
/// a title and a message (the "no content" and "error" views of
/// the WWDC 2014 talk *Advanced User Interfaces with Collection Views*).
public struct LoadingPlaceholder: Hashable, Sendable, CustomStringConvertible {
    /// The placeholder's title ("No Notes", "Could Not Load").
    public var title: String
    /// The line below it ("Notes you pin appear here.").
    public var message: String

    /// Creates a placeholder.
    public init(title: String, message: String = "") {
        self.title = title
        self.message = message
    }

    /// `"title" "message"`.
    public var description: String { "\"\(title)\" \"\(message)\"" }
}

/// An event of a ``LoadingStateMachine``: the app began loading, or told
/// the result. Loading itself is the app's (asynchronous) business; the
/// machine only takes its results, each at its own time, so a replay of the
/// same events gives the same states.
public enum LoadingEvent: Hashable, Sendable, CustomStringConvertible {
    /// The app begins the first load (or retries after an error).
    case beginLoading
    /// The load in flight finished with content.
    case loadedContent
    /// The load in flight finished with nothing to show: this placeholder.
    case loadedEmpty(LoadingPlaceholder)
    /// The load in flight failed: this placeholder says why.
    case failed(LoadingPlaceholder)
    /// The app loads again, keeping what is shown until the result.
    case refresh

    /// The event as the transcript names it (`load`, `loaded`, `empty`,
    /// `failed`, `refresh`), a scene's stimulus names.
    public var name: String {
        switch self {
        case .beginLoading: "load"
        case .loadedContent: "loaded"
        case .loadedEmpty: "empty"
        case .failed: "failed"
        case .refresh: "refresh"
        }
    }

    /// `load`, `empty "No Notes" "…"` ….
    public var description: String {
        switch self {
        case .beginLoading, .loadedContent, .refresh: name
        case .loadedEmpty(let p), .failed(let p): "\(name) \(p)"
        }
    }
}

/// The loadable-content state machine of the WWDC 2014 talk on collection views, one per data source: initial
/// → loading content → content loaded, no content or error; a refresh from
/// any settled state keeps it on screen until the result.
///
/// | state \ event | beginLoading | loadedContent | loadedEmpty(p) | failed(p) | refresh |
/// |---|---|---|---|---|---|
/// | initial | loadingContent | ignored | ignored | ignored | ignored |
/// | loadingContent | ignored | contentLoaded | noContent(p) | error(p) | ignored |
/// | contentLoaded | ignored | ignored | ignored | ignored | refreshing(contentLoaded) |
/// | noContent(p) | ignored | ignored | ignored | ignored | refreshing(noContent(p)) |
/// | error(p) | loadingContent | ignored | ignored | ignored | refreshing(error(p)) |
/// | refreshing(s) | ignored | contentLoaded | noContent(p) | error(p) | ignored |
///
/// An ignored event changes nothing and says so (`LoadingStep/ignored(_:_:)`):
/// a result with no load in flight is stale, a second load while one is in
/// flight is a repeat. Nothing traps, whatever the order.
///
/// ```swift
/// var loading = LoadingStateMachine()
/// loading.handle(.beginLoading)                      // moved initial → loadingContent
/// loading.handle(.loadedEmpty(LoadingPlaceholder(title: "No Notes")))
/// loading.placeholder?.title                         // "No Notes"
/// ```
public struct LoadingStateMachine: Hashable, Sendable {
    /// A state of the machine.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        /// Nothing loaded, nothing asked.
        case initial
        /// The first load (or a retry) is in flight; a loading indicator shows.
        case loadingContent
        /// The content is loaded and shown.
        case contentLoaded
        /// Loaded, and nothing to show: the placeholder shows.
        case noContent(LoadingPlaceholder)
        /// The load failed: the placeholder shows why.
        case error(LoadingPlaceholder)
        /// A refresh is in flight; what the settled state showed stays on screen.
        case refreshing(Settled)

        /// `initial`, `loadingContent`, `contentLoaded`, `noContent`,
        /// `error`, `refreshing(contentLoaded)` ….
        public var description: String {
            switch self {
            case .initial: "initial"
            case .loadingContent: "loadingContent"
            case .contentLoaded: "contentLoaded"
            case .noContent: "noContent"
            case .error: "error"
            case .refreshing(let shown): "refreshing(\(shown))"
            }
        }
    }

    /// A state a refresh starts from, whose content (or placeholder) stays
    /// on screen while it is in flight.
    public enum Settled: Hashable, Sendable, CustomStringConvertible {
        /// The content was shown.
        case contentLoaded
        /// The no-content placeholder was shown.
        case noContent(LoadingPlaceholder)
        /// The error placeholder was shown.
        case error(LoadingPlaceholder)

        /// `contentLoaded`, `noContent`, `error`.
        public var description: String {
            switch self {
            case .contentLoaded: "contentLoaded"
            case .noContent: "noContent"
            case .error: "error"
            }
        }
    }

    /// The current state.
    package private(set) var state: State

    /// A machine in ``State/initial``.
    package init() { state = .initial }

    /// The placeholder shown now: no content's or error's, also while a
    /// refresh of one is in flight; nil otherwise.
    /// - Complexity: O(1).
    package var placeholder: LoadingPlaceholder? {
        switch state {
        case .noContent(let p), .error(let p), .refreshing(.noContent(let p)), .refreshing(.error(let p)): p
        case .initial, .loadingContent, .contentLoaded, .refreshing: nil
        }
    }

    /// Whether the first load (or a retry) is in flight: the layout shows a
    /// loading indicator in place of the content.
    package var showsLoadingIndicator: Bool { state == .loadingContent }

    /// Whether a load of any kind is in flight (loading or refreshing).
    package var isLoading: Bool {
        switch state {
        case .loadingContent, .refreshing: true
        case .initial, .contentLoaded, .noContent, .error: false
        }
    }

    /// Whether the items are what is shown (content loaded, or a refresh of it).
    package var showsContent: Bool {
        switch state {
        case .contentLoaded, .refreshing(.contentLoaded): true
        case .initial, .loadingContent, .noContent, .error, .refreshing: false
        }
    }

    /// Takes `event`: moves (see the table above) or ignores it.
    /// - Complexity: O(1).
    @discardableResult
    package mutating func handle(_ event: LoadingEvent) -> LoadingStep {
        let old = state
        let new: State?
        switch (state, event) {
        case (.initial, .beginLoading), (.error, .beginLoading): new = .loadingContent
        case (.loadingContent, .loadedContent), (.refreshing, .loadedContent): new = .contentLoaded
        case (.loadingContent, .loadedEmpty(let p)), (.refreshing, .loadedEmpty(let p)): new = .noContent(p)
        case (.loadingContent, .failed(let p)), (.refreshing, .failed(let p)): new = .error(p)
        case (.contentLoaded, .refresh): new = .refreshing(.contentLoaded)
        case (.noContent(let p), .refresh): new = .refreshing(.noContent(p))
        case (.error(let p), .refresh): new = .refreshing(.error(p))
        case (.initial, .loadedContent), (.initial, .loadedEmpty), (.initial, .failed), (.initial, .refresh),
             (.loadingContent, .beginLoading), (.loadingContent, .refresh),
             (.contentLoaded, .beginLoading), (.contentLoaded, .loadedContent), (.contentLoaded, .loadedEmpty),
             (.contentLoaded, .failed),
             (.noContent, .beginLoading), (.noContent, .loadedContent), (.noContent, .loadedEmpty),
             (.noContent, .failed),
             (.error, .loadedContent), (.error, .loadedEmpty), (.error, .failed),
             (.refreshing, .beginLoading), (.refreshing, .refresh):
            new = nil
        }
        guard let new else { return .ignored(old, event) }
        state = new
        return .moved(from: old, to: new)
    }
}

/// What one event did to a ``LoadingStateMachine``.
@_spi(Benchmarks) public enum LoadingStep: Hashable, Sendable, CustomStringConvertible {
    /// The machine moved.
    case moved(from: LoadingStateMachine.State, to: LoadingStateMachine.State)
    /// The event does not apply in this state; nothing changed.
    case ignored(LoadingStateMachine.State, LoadingEvent)

    /// `initial → loadingContent`, or `ignored loaded in initial`.
    public var description: String {
        switch self {
        case .moved(let from, let to): "\(from) → \(to)"
        case .ignored(let state, let event): "ignored \(event.name) in \(state)"
        }
    }
}
