import Foundation
import GripperTesting
import GripperTraces
import Testing

/// The memory bounds of what `gripper` reads, measured as the peak resident
/// memory of the command (issue 38), on the debug build the tests run
/// (larger than the release build `memory-bench` measures):
/// - what the YAML reader reads (a libinput-record header, or an events list in
///   another layout than libinput record's own, each at most 512 KiB)
///   within twice the file plus 64 MB, the bound of every trace;
/// - a scene within the scenes' own bound, `Documentation/Scenes.md`
///   "Memory": 12 × the file plus 64 MB (a scene of 100,000 items cost
///   85 × its size before).
@Suite struct MemoryBoundTests {
    /// Runs `gripper arguments…` and returns its exit status and its peak
    /// resident memory in MB (Python's `getrusage` of its only child).
    func peak(_ arguments: [String]) throws -> (status: Int, megabytes: Double)? {
        let measure = """
            import resource, subprocess, sys
            r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
            print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let r = try GripperProcess.run(executable: URL(fileURLWithPath: "/usr/bin/python3"),
                                       ["-c", measure, GripperProcess.binary.path] + arguments, timeout: 120)
        let fields = r.stdout.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(fields.count == 2, "\(r.stdout) \(r.stderr)")
        guard fields.count == 2 else { return nil }
        return (fields[0], Double(fields[1]) / 1024)
    }

    func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("memory-bound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aSceneOf100000ItemsIsReadWithinItsBound() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = #"{"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":32},"sections":["#
        for s in 0..<2 {
            text += (s == 0 ? "" : ",") + #"{"id":"s\#(s)","title":"Section \#(s)","items":["#
            for i in 0..<50_000 { text += (i == 0 ? "" : ",") + #"{"id":"item-\#(s)-\#(i)","label":"Item number \#(i)"}"# }
            text += "]}"
        }
        text += "]}"
        let scene = dir.appendingPathComponent("scene.json")
        try Data(text.utf8).write(to: scene)
        guard let run = try peak(["replay", "Recordings/scenarios/drag-into-another-section/trace.evemu", "--scene", scene.path])
        else { return }
        let megabytes = Double(text.utf8.count) / Double(1 << 20)
        #expect(run.status == 0)
        #expect(run.megabytes <= 12 * megabytes + 64, "peak \(run.megabytes) MB for a scene of \(megabytes) MB")
    }

    /// The largest documents the YAML reader is given, a header and a flow-style events
    /// list each just under 512 KiB: read, within twice the file plus 64 MB;
    /// just over, refused.
    @Test func whatTheYAMLReaderReadsStaysWithinTheTraceBound() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try String(contentsOfFile: "Recordings/tool-output/drag.libinput-record.yml", encoding: .utf8)
        let head = String(source[..<source.range(of: "  events:\n")!.lowerBound])
        let limit = LibinputRecordFormat.yamlEventsLimit
        #expect(limit == LibinputRecordFormat.headerLimit)
        func flow(_ bytes: Int) -> String {
            var rows: [String] = [], size = 0, n = 0
            while size < bytes {
                let row = "[\(n / 1_000_000), \(n % 1_000_000), 3, 53, 1000], [\(n / 1_000_000), \(n % 1_000_000), 0, 0, 0]"
                size += row.utf8.count + 2
                rows.append(row)
                n += 1
            }
            return head + "  events:\n  - {evdev: [" + rows.joined(separator: ", ") + "]}\n"
        }
        func header(_ bytes: Int) -> String {
            var properties = "", n = 0
            while properties.utf8.count < bytes { properties += "    - PROPERTY_\(n)=1\n"; n += 1 }
            return head.replacingOccurrences(of: "  udev:\n    properties:\n", with: "  udev:\n    properties:\n" + properties)
                + String(source[source.range(of: "  events:\n")!.lowerBound...])
        }
        for (name, text, fits) in [("flow", flow(limit - 4096 - head.utf8.count), true), ("header", header(limit - 8192), true),
                                   ("flow-over", flow(limit + 4096), false), ("header-over", header(limit + 4096), false)] {
            let path = dir.appendingPathComponent(name + ".yml").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            guard let run = try peak(["trace", "info", path]) else { continue }
            let megabytes = Double(text.utf8.count) / Double(1 << 20)
            #expect(run.status == (fits ? 0 : 2), "\(name)")
            #expect(run.megabytes <= 2 * megabytes + 64, "\(name): peak \(run.megabytes) MB for \(megabytes) MB")
        }
    }
}
