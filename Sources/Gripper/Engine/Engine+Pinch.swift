@_spi(Benchmarks) import GripperEditing
import GripperGeometry
@_spi(Benchmarks) import GripperGestures
import GripperInput
import GripperLayout

/// The two layout changes a pinch makes (the 2012 talk's demo: a pinch
/// takes a grid to a list, or to smaller items, under the fingers).
///
/// ```swift
/// engine.setPinchLayouts(PinchLayouts(closing: LayoutChange(columns: 4),
///                                     spreading: LayoutChange(columns: 1)))
/// ```
public struct PinchLayouts: Hashable, Sendable {
    /// The change a pinch that closes the fingers makes (its scale below
    /// 1): more, smaller items, say. Nil: such a pinch does nothing.
    public var closing: LayoutChange?
    /// The change a pinch that spreads the fingers makes (its scale above
    /// 1): fewer, larger items. Nil: such a pinch does nothing.
    public var spreading: LayoutChange?

    /// The changes for a closing and a spreading pinch.
    public init(closing: LayoutChange? = nil, spreading: LayoutChange? = nil) {
        self.closing = closing
        self.spreading = spreading
    }
}

/// What a pinch between layouts did, as the transcript's `layoutPinch`
/// entries say it.
@_spi(Benchmarks) public enum LayoutPinchStep: Hashable, Sendable {
    /// The pinch began; `change` is what it would make.
    case began(LayoutChange)
    /// The fingers lifted far or fast enough: `change` was made.
    case finished(LayoutChange)
    /// The pinch began into the app's own layout, named by its type.
    case beganInto(String)
    /// The fingers lifted far or fast enough: the app's own layout, named
    /// by its type, was set.
    case finishedInto(String)
    /// The pinch ended short (or was cancelled) at `progress`; the layout stays.
    case cancelled(progress: Double)
}

/// A layout change a pinch is making, under the fingers: what the app
/// draws between two layouts while the fingers are down
/// (``Engine/pinchedAttributes()``).
///
/// Its progress follows the pinch's scale on a logarithmic scale: a
/// closing pinch is done at scale ½, a spreading one at scale 2 (halfway
/// at about 0.71 and 1.41). When the fingers lift, the change is made if
/// the pinch went at least halfway and is not moving back fast, or if it
/// is moving on fast (faster than doubling or halving in a second);
/// otherwise the layout stays as it was.
public struct LayoutPinch: Sendable {
    /// The change the pinch makes if it finishes (no field given when it
    /// makes the app's own ``layout``).
    public internal(set) var change: LayoutChange
    /// The app's own layout the pinch sets if it finishes
    /// (``Engine/setPinchLayouts(closingInto:spreadingInto:)``), or nil when
    /// it makes ``change``.
    public internal(set) var layout: (any CollectionLayout)?
    /// How far it has gone: 0 (the layout as it is) … 1 (the new one).
    public internal(set) var progress: Double
    /// The pinch's centre now, viewport coordinates.
    public internal(set) var centre: Point
    /// The pinch's scale now (see `PinchMotion`).
    public internal(set) var scale: Double
    /// Whether the fingers close (``PinchLayouts/closing``) rather than spread.
    public internal(set) var isClosing: Bool
    /// The content offset of the new layout: the item under the centre
    /// when the pinch began stays under the centre.
    public internal(set) var targetContentOffset: Double
    /// The new layout, laid out for the model as it is.
    var target: LayoutSync
    /// The item under the centre when the pinch began, and where in it
    /// (0…1 across and down) the centre was.
    var anchor: (indexPath: ItemPath, unit: Point)?

    /// log₂ of a positive finite `x`, without Glibc (the module is pure):
    /// the exponent, plus the significand's by the atanh series (|z| < ⅓,
    /// so 16 terms are exact to double precision).
    static func log2(_ x: Double) -> Double {
        guard x > 0, x.isFinite else { return x == .infinity ? .infinity : -.infinity }
        let m = x.significand // 1 ≤ m < 2
        let z = (m - 1) / (m + 1), z2 = z * z
        var term = z, sum = 0.0
        for k in stride(from: 1.0, through: 31.0, by: 2.0) {
            sum += term / k
            term *= z2
        }
        return Double(x.exponent) + 2 * sum / 0.693_147_180_559_945_3
    }

    /// The progress for `scale`: |log₂ scale| in the pinch's direction, clamped to 0…1.
    static func progress(scale: Double, closing: Bool) -> Double {
        guard scale.isFinite, scale > 0 else { return 0 }
        let p = (closing ? -1.0 : 1.0) * log2(scale)
        return p.isFinite ? min(1, max(0, p)) : 0
    }

    /// Whether a pinch that lifts at `progress`, its scale changing at
    /// `velocity` per second, finishes.
    static func finishes(progress: Double, scale: Double, velocity: Double, closing: Bool) -> Bool {
        // The rate in doublings a second, towards the new layout.
        let rate = scale > 0 && scale.isFinite ? (closing ? -1.0 : 1.0) * velocity / scale / 0.693_147_180_559_945_3 : 0
        guard rate.isFinite else { return progress >= 0.5 }
        if rate > 1 { return true }
        if rate < -1 { return false }
        return progress >= 0.5
    }
}

extension Engine {
    /// The layout changes a pinch makes, or nil (the default) for none: a
    /// second finger then cancels a one-finger gesture, as it always has.
    /// Setting them installs the pinch in the gesture arena, and has a
    /// touchpad tell a two-finger pinch from a scroll as libinput does
    /// (Documentation/ContactTracking.md); setting nil during a pinch
    /// leaves the layout as it is.
    /// - Complexity: O(devices).
    public mutating func setPinchLayouts(_ layouts: PinchLayouts?) {
        pinchAppLayouts = (nil, nil)
        installPinch(layouts)
    }

    /// Pinches into the app's own layouts (the 2012 talk's demo: a grid
    /// pinched into a stack or a circle, and back): a closing pinch sets
    /// `closing`, a spreading one `spreading` (nil: that pinch does
    /// nothing), as ``setPinchLayouts(_:)`` makes its changes — drawn between
    /// under the fingers, finished or cancelled at the lift — and as
    /// ``setLayout(_:metrics:at:)`` sets a layout (its viewport and
    /// orientation must be the engine's; the engine's metrics stay). Written
    /// `layoutPinch began layout …`, `layoutPinch finished layout …`. Give
    /// the layout shown now as the other direction's to pinch back.
    /// - Complexity: O(devices).
    public mutating func setPinchLayouts(closingInto closing: (any CollectionLayout)?,
                                         spreadingInto spreading: (any CollectionLayout)?) {
        installPinch(closing == nil && spreading == nil ? nil : PinchLayouts())
        pinchAppLayouts = (closing, spreading)
    }

    /// Installs (or, for nil, removes) the pinch in the arena and the devices.
    private mutating func installPinch(_ layouts: PinchLayouts?) {
        pinchLayouts = layouts
        arena.recognizesPinch = layouts != nil
        inputs.setRecognizesPinch(layouts != nil)
        if layouts == nil { layoutPinch = nil }
    }

    /// The elements in the viewport as the pinch shows them now, each
    /// between its frame in the layout as it is (at the content offset)
    /// and in the pinch's new layout (at its
    /// ``LayoutPinch/targetContentOffset``), by the pinch's progress; in
    /// viewport coordinates of the layout's scroll space. An element in
    /// only one of the two fades (its alpha by the progress). Empty when no
    /// pinch is under way.
    /// - Complexity: O(k log n) for the k elements on screen in either layout.
    public func pinchedAttributes() -> [LayoutAttributes] {
        guard let pinch = layoutPinch else { return [] }
        let extent = orientation.scrollSize(viewportSize)
        let p = pinch.progress
        let from = layout, to = pinch.target.layout
        let fromOffset = contentOffset, toOffset = pinch.targetContentOffset
        let presentation = self.presentation
        func viewport(_ a: LayoutAttributes, _ offset: Double) -> LayoutAttributes {
            var v = a
            v.frame = Rect(x: a.frame.minX, y: a.frame.minY - offset, width: a.frame.size.width, height: a.frame.size.height)
            return v
        }
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
        /// `start` moved `p` of the way to `end` (both viewport coordinates).
        func between(_ start: LayoutAttributes, _ end: LayoutAttributes) -> LayoutAttributes {
            var shown = start
            shown.frame = Rect(x: lerp(start.frame.minX, end.frame.minX), y: lerp(start.frame.minY, end.frame.minY),
                               width: lerp(start.frame.size.width, end.frame.size.width),
                               height: lerp(start.frame.size.height, end.frame.size.height))
            shown.alpha = lerp(start.alpha, end.alpha)
            return shown
        }
        var out: [LayoutAttributes] = []
        var seen = Set<ElementID>()
        let fromShown = from.attributes(in: Rect(x: 0, y: fromOffset, width: extent.width, height: extent.height),
                                        presentation: presentation, contentOffset: fromOffset)
        for a in fromShown {
            seen.insert(a.id)
            var shown = viewport(a, fromOffset)
            if let b = to.attributes(for: a.id, presentation: presentation, contentOffset: toOffset) {
                shown = between(shown, viewport(b, toOffset))
            } else {
                shown.alpha *= 1 - p
            }
            out.append(shown)
        }
        let toShown = to.attributes(in: Rect(x: 0, y: toOffset, width: extent.width, height: extent.height),
                                    presentation: presentation, contentOffset: toOffset)
        for b in toShown where !seen.contains(b.id) {
            var shown = viewport(b, toOffset)
            if let a = from.attributes(for: b.id, presentation: presentation, contentOffset: fromOffset) {
                let moved = between(viewport(a, fromOffset), shown)
                shown.frame = moved.frame
                shown.alpha = moved.alpha
            } else {
                shown.alpha *= p
            }
            out.append(shown)
        }
        return out
    }

    /// A pinch event from the arena, at its time.
    mutating func pinchDue(_ phase: Gesture.Phase, _ motion: PinchMotion, at time: EventTime) {
        switch phase {
        case .began:
            beginPinch(motion, at: time)
        case .changed:
            guard var pinch = layoutPinch else { return }
            pinch.scale = motion.scale
            pinch.progress = LayoutPinch.progress(scale: motion.scale, closing: pinch.isClosing)
            pinch.centre = motion.centre
            pinch.targetContentOffset = targetOffset(of: pinch)
            layoutPinch = pinch
        case .ended:
            guard let pinch = layoutPinch else { return }
            if makesTransitions { pinchRelease = pinchedAttributes() }
            layoutPinch = nil
            let progress = LayoutPinch.progress(scale: motion.scale, closing: pinch.isClosing)
            if LayoutPinch.finishes(progress: progress, scale: motion.scale, velocity: motion.velocity,
                                    closing: pinch.isClosing) {
                finishPinch(pinch, at: time)
            } else {
                append(.layoutPinch(.cancelled(progress: progress)), at: time)
            }
        case .cancelled:
            guard let pinch = layoutPinch else { return }
            if makesTransitions { pinchRelease = pinchedAttributes() }
            layoutPinch = nil
            append(.layoutPinch(.cancelled(progress: pinch.progress)), at: time)
        }
    }

    /// A pinch began: when the engine has a change for its direction and
    /// nothing else is under way, the new layout is made for the model as
    /// it is, ready to draw between.
    private mutating func beginPinch(_ motion: PinchMotion, at time: EventTime) {
        guard layoutPinch == nil, let layouts = pinchLayouts else { return }
        guard machine.phase == .idle || machine.phase == .batchEditingIdle, !showsPlaceholder else { return }
        let closing = motion.scale < 1
        let app = closing ? pinchAppLayouts.closing : pinchAppLayouts.spreading
        let change: LayoutChange
        var target = sync
        if let app {
            change = LayoutChange()
            let expected = metrics.orientation.scrollSize(viewportSize)
            guard app.viewport == expected, app.orientation == metrics.orientation else {
                appendRejected("pinch: the layout's viewport \(app.viewport) is not the engine's \(expected) in scroll space, "
                               + "or its orientation is not the metrics'", at: time)
                return
            }
            do {
                try target.replace(with: app, metrics: metrics, model: machine.model)
            } catch {
                appendRejected("pinch: \(error)", at: time)
                return
            }
        } else {
            guard let given = closing ? layouts.closing : layouts.spreading else { return }
            change = given
            guard let fresh = layoutMaker(for: change) else {
                appendRejected("pinch: the app's own layout takes no metrics from a change; give a kind", at: time)
                return
            }
            do {
                let made = try fresh(change.applied(to: metrics))
                try target.replace(with: made, metrics: change.applied(to: metrics), model: machine.model)
            } catch {
                appendRejected("pinch: \(error)", at: time)
                return
            }
        }
        var pinch = LayoutPinch(change: change, layout: app,
                                progress: LayoutPinch.progress(scale: motion.scale, closing: closing),
                                centre: motion.centre, scale: motion.scale, isClosing: closing,
                                targetContentOffset: contentOffset, target: target, anchor: nil)
        // The item under the centre, and where in it.
        let c = orientation.scrollPoint(motion.centre, viewport: viewportSize)
        let point = Point(x: c.x, y: c.y + contentOffset)
        let under = layout.attributes(in: Rect(x: point.x, y: point.y, width: 0.001, height: 0.001),
                                      presentation: presentation, contentOffset: contentOffset)
            .first { $0.kind == .cell && $0.indexPath != nil && $0.frame.contains(point) }
        if let a = under, let path = a.indexPath, a.frame.size.width > 0, a.frame.size.height > 0 {
            pinch.anchor = (path, Point(x: (point.x - a.frame.minX) / a.frame.size.width,
                                        y: (point.y - a.frame.minY) / a.frame.size.height))
        }
        pinch.targetContentOffset = targetOffset(of: pinch)
        layoutPinch = pinch
        append(.layoutPinch(app.map { .beganInto(Self.layoutName($0)) } ?? .began(change)), at: time)
    }

    /// The new layout's content offset that puts the anchor's point under
    /// the centre (or keeps the offset, clamped, when there is none).
    private func targetOffset(of pinch: LayoutPinch) -> Double {
        let target = pinch.target.layout
        let extent = orientation.scrollSize(viewportSize).height
        let maxOffset = max(0, target.contentSize.height - extent)
        var offset = contentOffset
        if let anchor = pinch.anchor, let f = target.attributes(for: anchor.indexPath, presentation: presentation)?.frame {
            let c = orientation.scrollPoint(pinch.centre, viewport: viewportSize)
            offset = f.minY + anchor.unit.y * f.size.height - c.y
        }
        return offset.isFinite ? min(maxOffset, max(0, offset)) : 0
    }

    /// The fingers lifted far or fast enough: the change is made, the
    /// anchor's point staying under where the centre was.
    private mutating func finishPinch(_ pinch: LayoutPinch, at time: EventTime) {
        append(.layoutPinch(pinch.layout.map { .finishedInto(Self.layoutName($0)) } ?? .finished(pinch.change)), at: time)
        var keeping: (indexPath: ItemPath, fromTop: Double)?
        if let anchor = pinch.anchor, let f = pinch.target.layout.attributes(for: anchor.indexPath,
                                                                              presentation: presentation)?.frame {
            let c = orientation.scrollPoint(pinch.centre, viewport: viewportSize)
            keeping = (anchor.indexPath, c.y - anchor.unit.y * f.size.height)
        }
        if let app = pinch.layout {
            // The app's layout, laid out for the model as it is now.
            let anchor = keeping ?? firstVisibleItem()
            do {
                try sync.replace(with: app, metrics: metrics, model: machine.model)
            } catch {
                appendRejected("pinch: \(error)", at: time)
                return
            }
            settleRelaidOut(keeping: anchor, at: time)
        } else {
            changeLayoutDue(pinch.change, at: time, keeping: keeping)
        }
    }
}
