import Testing
import GripperTesting
@testable import GripperEditing
import GripperScripting
@_spi(Benchmarks) import GripperEditing

/// Every state × every event of the loading machine, against the table in
/// Documentation/DataSources.md: the valid ones move, the others are
/// ignored and change nothing.
@Suite struct LoadingStateMachineTests {
    typealias State = LoadingStateMachine.State
    static let empty = LoadingPlaceholder(title: "No Notes", message: "Notes you pin appear here.")
    static let broken = LoadingPlaceholder(title: "Could Not Load", message: "The server did not answer.")
    static let other = LoadingPlaceholder(title: "Other")

    static let events: [LoadingEvent] = [.beginLoading, .loadedContent, .loadedEmpty(other), .failed(other), .refresh]

    /// The events that bring a fresh machine to `state`.
    static func path(to state: State) -> [LoadingEvent] {
        switch state {
        case .initial: []
        case .loadingContent: [.beginLoading]
        case .contentLoaded: [.beginLoading, .loadedContent]
        case .noContent(let p): [.beginLoading, .loadedEmpty(p)]
        case .error(let p): [.beginLoading, .failed(p)]
        case .refreshing(.contentLoaded): path(to: .contentLoaded) + [.refresh]
        case .refreshing(.noContent(let p)): path(to: .noContent(p)) + [.refresh]
        case .refreshing(.error(let p)): path(to: .error(p)) + [.refresh]
        }
    }

    static let states: [State] = [.initial, .loadingContent, .contentLoaded, .noContent(empty), .error(broken),
                                  .refreshing(.contentLoaded), .refreshing(.noContent(empty)),
                                  .refreshing(.error(broken))]

    /// The documented table, written out again independently of the code.
    static func expected(_ state: State, _ event: LoadingEvent) -> State? {
        switch (state, event) {
        case (.initial, .beginLoading): .loadingContent
        case (.error, .beginLoading): .loadingContent
        case (.loadingContent, .loadedContent): .contentLoaded
        case (.loadingContent, .loadedEmpty(let p)): .noContent(p)
        case (.loadingContent, .failed(let p)): .error(p)
        case (.refreshing, .loadedContent): .contentLoaded
        case (.refreshing, .loadedEmpty(let p)): .noContent(p)
        case (.refreshing, .failed(let p)): .error(p)
        case (.contentLoaded, .refresh): .refreshing(.contentLoaded)
        case (.noContent(let p), .refresh): .refreshing(.noContent(p))
        case (.error(let p), .refresh): .refreshing(.error(p))
        default: nil
        }
    }

    @Test(arguments: states)
    func everyEventInEveryState(state: State) {
        var validCount = 0
        for event in Self.events {
            var machine = LoadingStateMachine()
            for e in Self.path(to: state) { machine.handle(e) }
            #expect(machine.state == state)
            let step = machine.handle(event)
            if let to = Self.expected(state, event) {
                validCount += 1
                #expect(step == .moved(from: state, to: to), "\(state) + \(event)")
                #expect(machine.state == to)
            } else {
                #expect(step == .ignored(state, event), "\(state) + \(event)")
                #expect(machine.state == state, "an ignored event changes nothing")
                #expect(step.description == "ignored \(event.name) in \(state)")
            }
        }
        #expect(validCount > 0, "every state has a way out")
    }

    @Test func whatEachStateShows() {
        func machine(_ state: State) -> LoadingStateMachine {
            var m = LoadingStateMachine()
            for e in Self.path(to: state) { m.handle(e) }
            return m
        }
        #expect(Self.states.map { machine($0).placeholder } == [nil, nil, nil, Self.empty, Self.broken, nil, Self.empty, Self.broken])
        #expect(Self.states.map { machine($0).showsLoadingIndicator } == [false, true, false, false, false, false, false, false])
        #expect(Self.states.map { machine($0).isLoading } == [false, true, false, false, false, true, true, true])
        #expect(Self.states.map { machine($0).showsContent } == [false, false, true, false, false, true, false, false])
    }

    @Test func namesAndLines() {
        #expect(Self.events.map(\.name) == ["load", "loaded", "empty", "failed", "refresh"])
        #expect(LoadingEvent.failed(Self.broken).description == "failed \"Could Not Load\" \"The server did not answer.\"")
        var m = LoadingStateMachine()
        #expect(m.handle(.beginLoading).description == "initial → loadingContent")
        #expect(m.handle(.loadedContent).description == "loadingContent → contentLoaded")
        #expect(m.handle(.refresh).description == "contentLoaded → refreshing(contentLoaded)")
    }

    /// A long random run never traps and every step is the table's.
    @Test func aRandomRunFollowsTheTable() {
        var rng = SeededGenerator(seed: 42)
        var m = LoadingStateMachine()
        for _ in 0..<10_000 {
            let event = Self.events[Int(rng.next() % UInt64(Self.events.count))]
            let before = m.state
            let step = m.handle(event)
            if let to = Self.expected(before, event) {
                #expect(step == .moved(from: before, to: to))
            } else {
                #expect(step == .ignored(before, event) && m.state == before)
            }
        }
    }
}

