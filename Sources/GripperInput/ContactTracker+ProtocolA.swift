// A change to the protocol A rules here changes Documentation/ContactTracking.md too.
import GripperGeometry

extension ContactTracker {
    /// The most contacts one protocol A frame may list; more are ignored.
    static let maximumProtocolAContacts = 32

    /// Multitouch protocol A: each frame lists every contact, one
    /// `SYN_MT_REPORT` after each, without identities. Contacts are matched
    /// to the previous frame's by nearest position (closest pair first).
    /// A frame with no multitouch data keeps the contacts as they were,
    /// unless the touch keys (`BTN_TOUCH`, finger tools) went up, which lifts
    /// them all.
    ///
    /// - Complexity: O(events + n³) for n contacts (n is a handful).
    mutating func processProtocolA(_ events: [RawEvent], cancelling: Bool) {
        protocolAPoints.removeAll(keepingCapacity: true)
        var sawMT = false
        var groupHasPosition = false
        var x = slots[0].position.x, y = slots[0].position.y
        var keySeen = false
        for event in events {
            switch event.type {
            case EventType.abs:
                switch event.code {
                case AbsCode.mtPositionX:
                    x = Double(event.value)
                    groupHasPosition = true
                    sawMT = true
                case AbsCode.mtPositionY:
                    y = Double(event.value)
                    groupHasPosition = true
                    sawMT = true
                case AbsCode.mtTouchMajor...AbsCode.max:
                    sawMT = true
                default:
                    continue
                }
            case EventType.syn where event.code == SynCode.mtReport:
                sawMT = true
                if groupHasPosition, protocolAPoints.count < Self.maximumProtocolAContacts {
                    protocolAPoints.append(Point(x: x, y: y))
                }
                groupHasPosition = false
            case EventType.key:
                let bit = KeyBit.touchBit(for: event.code)
                guard bit != 0 else { continue }
                keySeen = true
                if event.value == 0 { keys &= ~bit } else { keys |= bit }
            default:
                continue
            }
        }
        // A last contact without its SYN_MT_REPORT still counts.
        if groupHasPosition, protocolAPoints.count < Self.maximumProtocolAContacts {
            protocolAPoints.append(Point(x: x, y: y))
        }
        slots[0].position = Point(x: x, y: y)
        if keySeen { keysKnown = true }
        let touchUp = keysKnown && keys & KeyBit.anyTouch == 0
        if touchUp {
            protocolAPoints.removeAll(keepingCapacity: true)
        } else if !sawMT {
            for index in protocolATracks.indices {
                protocolATracks[index].previous = protocolATracks[index].position
                let track = protocolATracks[index]
                scratch.append(contact(id: track.id, phase: .stationary, at: track.position))
            }
            return
        }
        matchProtocolA(cancelling: cancelling)
    }

    /// Matches `protocolAPoints` to `protocolATracks`, closest pair first,
    /// and reports the result.
    private mutating func matchProtocolA(cancelling: Bool) {
        var trackMatched: UInt64 = 0
        var pointMatched: UInt64 = 0
        protocolAOwners.removeAll(keepingCapacity: true)
        for _ in protocolAPoints.indices { protocolAOwners.append(-1) }
        let pairs = min(protocolATracks.count, protocolAPoints.count)
        for _ in 0..<pairs {
            var best = Double.infinity, bestTrack = -1, bestPoint = -1
            for t in protocolATracks.indices where trackMatched & (1 << UInt64(t)) == 0 {
                for p in protocolAPoints.indices where pointMatched & (1 << UInt64(p)) == 0 {
                    let d = protocolATracks[t].position.distance(to: protocolAPoints[p])
                    if d < best {
                        best = d
                        bestTrack = t
                        bestPoint = p
                    }
                }
            }
            guard bestTrack >= 0 else { break }
            trackMatched |= 1 << UInt64(bestTrack)
            pointMatched |= 1 << UInt64(bestPoint)
            protocolAOwners[bestPoint] = bestTrack
        }
        // Lifted contacts end where they were last seen.
        for t in protocolATracks.indices {
            let track = protocolATracks[t]
            if trackMatched & (1 << UInt64(t)) == 0 {
                scratch.append(contact(id: track.id, phase: cancelling ? .cancelled : .ended, at: track.position))
            }
        }
        // Build the next tracks in the spare buffer, then swap (no allocation
        // once both buffers have grown).
        var next = protocolASpare
        protocolASpare = []
        next.removeAll(keepingCapacity: true)
        for p in protocolAPoints.indices {
            let point = protocolAPoints[p]
            let owner = protocolAOwners[p]
            if owner >= 0 {
                let old = protocolATracks[owner]
                let phase: ContactPhase = old.position == point ? .stationary : .moved
                scratch.append(contact(id: old.id, phase: phase, at: point))
                next.append(Track(id: old.id, position: point, previous: old.position))
            } else {
                let id = takeID()
                scratch.append(contact(id: id, phase: .began, at: point))
                next.append(Track(id: id, position: point, previous: point))
            }
        }
        protocolASpare = protocolATracks
        protocolATracks = next
    }
}
