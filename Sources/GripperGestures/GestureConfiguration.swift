/// The thresholds and options of a `GestureArena`.
///
/// Distances are in millimetres on the device (the contacts' `millimetres`,
/// which the contact tracker derives from the device's resolution or, when a
/// device reports none, from the fallback size documented at
/// `DeviceDescription.fallbackLongestSideMillimetres(for:)`). Durations are on
/// the input's clock. Every default names its source in
/// `Documentation/Gestures.md` (thresholds table).
///
/// Boundaries: a contact has moved *past* the slop when its distance from
/// where it went down is strictly greater than the slop; a deadline at time
/// T has passed for any frame at T or later (so a press lifted at exactly
/// ``maximumTapDuration`` is a held tap, which does not count towards a
/// multi-tap, one held exactly ``longPressDuration`` is a long-press, and a
/// second press exactly ``doubleTapInterval`` after the first lift starts a
/// new count).
public struct GestureConfiguration: Hashable, Sendable {
    /// The recognizers installed (and whether touch notices are reported).
    /// Default: all of ``GestureKind``.
    public var recognizers: Set<GestureKind>
    /// How far a direct touch may move before it is a pan and no longer a
    /// tap or long-press candidate. Default 1.27 mm: Android's
    /// `ViewConfiguration` touch slop of 8 dp (1 dp = 1/160 in).
    public var touchSlopMillimetres: Double
    /// The same for a mouse's pointer contact (left button down), whose
    /// millimetres are counts at an assumed 1000 counts per inch. Default
    /// 0.2 mm = 8 counts: GTK's default drag threshold of 8 pixels, with one
    /// count per pixel. A touchpad's fingers get the touch slop when the
    /// arena knows the device is one (`GestureArena(deviceKind: .touchpad)`).
    public var pointerSlopMillimetres: Double
    /// A press lifted before this is a quick tap, which counts towards a
    /// multi-tap. A press held longer is still a tap if it lifts within the
    /// slop before a long-press begins, but a held one: recognized at its
    /// lift with count 1, never waiting for or continuing a multi-tap.
    /// Default 300 ms (the brief's "tap under about 300 ms"; Android's
    /// double-tap timeout is the same, and Android does not pair a press
    /// held past it with the next).
    public var maximumTapDuration: Duration
    /// The highest tap count recognized. 1 (default) reports every tap at
    /// once, with `tapCount` 1; 2 installs the double tap: a quick tap then waits
    /// up to ``doubleTapInterval`` for a second one, and reports
    /// `tapCount` 1 or 2; higher values count further.
    public var maximumTapCount: Int
    /// The longest time from one tap's lift to the next tap's touch-down in
    /// a multi-tap. Default 300 ms: Android's `DOUBLE_TAP_TIMEOUT`.
    public var doubleTapInterval: Duration
    /// How far a following tap may land from the previous one and still
    /// count. Default 15.9 mm: Android's `DOUBLE_TAP_SLOP` of 100 dp.
    public var doubleTapSlopMillimetres: Double
    /// How long a press must stay within the slop to become a long-press.
    /// Default 500 ms: UIKit's `minimumPressDuration` (0.5 s) and Android's
    /// `DEFAULT_LONG_PRESS_TIMEOUT` (500 ms; 400 ms since Android 12).
    public var longPressDuration: Duration
    /// The shortest distance along its axis for a swipe. Default 10 mm,
    /// about a fingertip's width (our choice).
    public var swipeMinimumDistanceMillimetres: Double
    /// The lowest average speed along its axis, from touch-down to lift, for
    /// a swipe. Default 50 mm/s (our choice: slower movement is a deliberate
    /// drag; the recorded swipes run at 150 mm/s and more).
    public var swipeMinimumSpeedMillimetresPerSecond: Double
    /// The largest angle between a swipe's displacement and its axis.
    /// Default 30° (our choice; the off-axis part may be at most tan 30° ≈
    /// 0.58 of the on-axis part).
    public var swipeMaximumAngleDegrees: Double
    /// How far back velocity samples are used. Default 100 ms, the horizon of
    /// Android's `VelocityTracker`.
    public var velocityWindow: Duration
    /// Points scrolled per wheel detent. Default 48: three lines (Windows'
    /// default `WheelScrollLines`) of 16 points.
    public var scrollPointsPerDetent: Double
    /// What a second contact does. Default ``ExtraContactPolicy/cancelUnlessLongPress``.
    public var extraContacts: ExtraContactPolicy
    /// Whether discrete recognizers report `failed` (tap, long-press, swipe
    /// candidates that cannot happen any more). Default false: listeners act
    /// on what happens, not on what did not.
    public var reportsFailures: Bool
    /// How far the distance between two contacts must change (strictly
    /// more) before a pinch begins. Default 2.54 mm: twice the touch slop,
    /// as Android's `ScaleGestureDetector` takes twice its touch slop for a
    /// span change. The change must also be larger than the distance the
    /// two contacts' midpoint moved, so two fingers moving together (a
    /// two-finger scroll, whose span wanders by a few millimetres) do not pinch.
    public var pinchSlopMillimetres: Double
    /// The least span a pinch measures from: two contacts closer than this
    /// (at one point, on a corrupt trace) count as this far apart, so the
    /// scale stays finite. Default 1 mm.
    public var minimumPinchSpanMillimetres: Double

    /// Creates a configuration; every parameter defaults to the documented default.
    public init(recognizers: Set<GestureKind> = GestureKind.standard,
                touchSlopMillimetres: Double = 1.27,
                pointerSlopMillimetres: Double = 0.2,
                maximumTapDuration: Duration = .milliseconds(300),
                maximumTapCount: Int = 1,
                doubleTapInterval: Duration = .milliseconds(300),
                doubleTapSlopMillimetres: Double = 15.9,
                longPressDuration: Duration = .milliseconds(500),
                swipeMinimumDistanceMillimetres: Double = 10,
                swipeMinimumSpeedMillimetresPerSecond: Double = 50,
                swipeMaximumAngleDegrees: Double = 30,
                velocityWindow: Duration = .milliseconds(100),
                scrollPointsPerDetent: Double = 48,
                extraContacts: ExtraContactPolicy = .cancelUnlessLongPress,
                reportsFailures: Bool = false,
                pinchSlopMillimetres: Double = 2.54,
                minimumPinchSpanMillimetres: Double = 1) {
        self.pinchSlopMillimetres = pinchSlopMillimetres
        self.minimumPinchSpanMillimetres = minimumPinchSpanMillimetres
        self.recognizers = recognizers
        self.touchSlopMillimetres = touchSlopMillimetres
        self.pointerSlopMillimetres = pointerSlopMillimetres
        self.maximumTapDuration = maximumTapDuration
        self.maximumTapCount = maximumTapCount
        self.doubleTapInterval = doubleTapInterval
        self.doubleTapSlopMillimetres = doubleTapSlopMillimetres
        self.longPressDuration = longPressDuration
        self.swipeMinimumDistanceMillimetres = swipeMinimumDistanceMillimetres
        self.swipeMinimumSpeedMillimetresPerSecond = swipeMinimumSpeedMillimetresPerSecond
        self.swipeMaximumAngleDegrees = swipeMaximumAngleDegrees
        self.velocityWindow = velocityWindow
        self.scrollPointsPerDetent = scrollPointsPerDetent
        self.extraContacts = extraContacts
        self.reportsFailures = reportsFailures
    }

    /// The default configuration: one tap count, every recognizer but the
    /// pinch installed (``GestureKind/standard``).
    public static let `default` = GestureConfiguration()

    /// The default configuration with the double tap installed (`maximumTapCount` 2).
    public static var withDoubleTap: GestureConfiguration {
        var c = GestureConfiguration()
        c.maximumTapCount = 2
        return c
    }
}
