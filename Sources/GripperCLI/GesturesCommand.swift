import ArgumentParser
import Gripper
@_spi(Benchmarks) import GripperGestures
@_spi(Benchmarks) import GripperInput

/// `gripper gestures FILE [--device DESC] [--json]`: the gestures recognized
/// in a trace, with no scene: the evemu or libinput-record reader, the
/// contact tracker and a ``GestureArena`` with the default configuration.
struct GesturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gestures",
        abstract: "Print the gestures recognized in a trace (tap, longPress, pan, swipe).",
        discussion: """
            Positions are in millimetres on the device (no scene maps them to \
            points); t is seconds from the trace's first frame. Exit status 2 \
            on bad input, with a message naming the file and line.
            """
    )

    @OptionGroup var input: TraceInput

    @Flag(name: .long, help: "Print JSON Lines instead of text.")
    var json = false

    @Flag(name: .long, help: "Install the double tap (taps then report a count of 1 or 2).")
    var doubleTap = false

    @Flag(name: .long, help: "Also report recognizers that failed.")
    var failures = false

    @Flag(name: .long, help: "Also print touch-down and touch-up notices.")
    var touches = false

    @Flag(name: .long, help: "Leave out mouse-wheel scrolls.")
    var noScroll = false

    func run() throws {
        let reader = try input.open()
        var configuration = doubleTap ? GestureConfiguration.withDoubleTap : .default
        configuration.reportsFailures = failures
        var tracker = ContactTracker(device: reader.device)
        // A touchpad is a pointer: taps click (TouchpadTracker), as libinput does.
        var touchpad = reader.device.kind == .touchpad ? TouchpadTracker(device: reader.device) : nil
        var arena = GestureArena(configuration: configuration, deviceKind: reader.device.kind)
        var origin: EventTime?
        let out = OutputSink.standardOutput
        func emit(_ events: [GestureEvent]) throws {
            guard let origin else { return }
            for event in events {
                if event.kind == .touch && !touches { continue }
                if event.kind == .scroll && noScroll { continue }
                try out.write((json ? GestureLine.json(event, origin: origin) : GestureLine.text(event, origin: origin)) + "\n")
            }
        }
        try TraceInput.forEachFrame(of: reader) { frame in
            if origin == nil { origin = frame.time }
            if touchpad != nil {
                for pointerFrame in touchpad!.process(frame) { try emit(arena.handle(pointerFrame)) }
            } else {
                try emit(arena.handle(tracker.process(frame)))
            }
        }
        if touchpad != nil {
            for pointerFrame in touchpad!.finish() { try emit(arena.handle(pointerFrame)) }
        } else if let last = tracker.finish() {
            try emit(arena.handle(last))
        }
        try emit(arena.finish())
        try out.close()
    }
}
