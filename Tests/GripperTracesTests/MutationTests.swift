import GripperTesting
import Testing
import GripperInput
import GripperFiles
import GripperScripting
import GripperTraces

/// Thousands of truncated, spliced and bit-flipped variants of real files:
/// each gives a ``TraceError`` or a trace that keeps the readers' promises,
/// never a crash or a hang.
@Suite struct MutationTests {
    enum Mutation: CaseIterable { case truncate, splice, flip, duplicateLine }

    static func mutate(_ bytes: [UInt8], donor: [UInt8], using rng: inout SeededGenerator) -> (Mutation, [UInt8]) {
        var out = bytes
        let kind = Mutation.allCases.randomElement(using: &rng)!
        switch kind {
        case .truncate:
            out = Array(out.prefix(Int.random(in: 0...out.count, using: &rng)))
        case .splice:
            let from = Int.random(in: 0..<donor.count, using: &rng)
            let length = Int.random(in: 1...min(200, donor.count - from), using: &rng)
            let at = Int.random(in: 0...out.count, using: &rng)
            let cut = Int.random(in: 0...min(200, out.count - at), using: &rng)
            out.replaceSubrange(at..<at + cut, with: donor[from..<from + length])
        case .flip:
            for _ in 0..<Int.random(in: 1...4, using: &rng) where !out.isEmpty {
                out[Int.random(in: 0..<out.count, using: &rng)] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
            }
        case .duplicateLine:
            let lines = out.split(separator: 0x0A, omittingEmptySubsequences: false)
            var shuffled = Array(lines)
            let i = Int.random(in: 0..<shuffled.count, using: &rng)
            let j = Int.random(in: 0..<shuffled.count, using: &rng)
            shuffled.insert(shuffled[i], at: j)
            out = Array(shuffled.joined(separator: [0x0A]))
        }
        return (kind, out)
    }

    /// What every successfully read trace must satisfy.
    static func checkInvariants(_ trace: Trace) -> Bool {
        var previous = Int64.min
        for e in trace.events {
            guard e.time.microseconds >= previous, e.type <= EventType.max,
                  let max = EventCodes.maxCode(type: e.type), e.code <= max else { return false }
            previous = e.time.microseconds
        }
        return trace.frames.reduce(0) { $0 + $1.events.count } + trace.events.filter(\.isSynReport).count == trace.events.count
    }

    @Test(arguments: ["tool-output/drag.evemu-record.txt", "real/ts_atmel-maxtouch_1-finger-fast-taps.evemu",
                      "real/tp_alps-glidepoint_double-tap.evemu", "real/ts_wacom-isdv4-e6.desc"])
    func evemuVariants(_ file: String) throws {
        let seed: UInt64 = 0x5EED_0001 &+ UInt64(file.utf8.count)
        var rng = SeededGenerator(seed: seed)
        let bytes = try Recordings.bytes(file)
        let donor = try Recordings.bytes("real/ts_ntrig_protoA_1-finger-drag-NW-SE.events") + [0, 0xFF, 0xC3, 0x0A]
        var errors = 0, traces = 0
        for n in 0..<750 {
            let (kind, variant) = Self.mutate(bytes, donor: donor, using: &rng)
            do {
                let trace = try EvemuFormat.read(variant, fileName: "variant.evemu")
                traces += 1
                #expect(Self.checkInvariants(trace), "seed \(seed) variant \(n) (\(kind))")
            } catch {
                errors += 1
                #expect(error.file == "variant.evemu", "seed \(seed) variant \(n)")
            }
        }
        #expect(errors > 0 && traces > 0, "seed \(seed): \(errors) errors, \(traces) traces")
    }

    @Test func libinputRecordVariants() throws {
        let seed: UInt64 = 0x5EED_0002
        var rng = SeededGenerator(seed: seed)
        let file = "tool-output/drag.libinput-record.yml"
        let bytes = try Recordings.bytes(file)
        let donor = bytes + [0, 0xFF, 0x0A, 0x3A, 0x2D, 0x5B]
        var errors = 0, traces = 0
        for n in 0..<600 {
            let (kind, variant) = Self.mutate(bytes, donor: donor, using: &rng)
            do {
                let all = try LibinputRecordFormat.readAll(variant, fileName: "variant.yml")
                traces += 1
                #expect(all.allSatisfy(Self.checkInvariants), "seed \(seed) variant \(n) (\(kind))")
            } catch {
                errors += 1
                #expect(error.file == "variant.yml", "seed \(seed) variant \(n)")
            }
        }
        #expect(errors > 0 && traces > 0, "seed \(seed): \(errors) errors, \(traces) traces")
    }
}
