import Foundation
import GripperTesting
import Testing
import GripperInput
import GripperFiles
import GripperTraces

/// What Gripper writes is read by the real tools: a tiny C program reads our
/// evemu output with libevemu (`evemu_read`, `evemu_read_event`) and prints
/// what it got, which must equal the trace.
@Suite struct RealToolTests {
    static let program = """
    #include <stdio.h>
    #include <evemu.h>
    #include <linux/input.h>
    int main(int argc, char **argv) {
        FILE *fp = fopen(argv[1], "r");
        if (!fp) return 3;
        struct evemu_device *dev = evemu_new(NULL);
        if (evemu_read(dev, fp) <= 0) { fprintf(stderr, "evemu_read failed\\n"); return 2; }
        printf("N %s\\n", evemu_get_name(dev));
        printf("I %x %x %x %x\\n", evemu_get_id_bustype(dev), evemu_get_id_vendor(dev),
               evemu_get_id_product(dev), evemu_get_id_version(dev));
        for (int p = 0; p < INPUT_PROP_CNT; p++) if (evemu_has_prop(dev, p)) printf("P %d\\n", p);
        for (int c = 0; c <= ABS_MAX; c++) if (evemu_has_event(dev, EV_ABS, c))
            printf("A %d %d %d %d %d %d\\n", c, evemu_get_abs_minimum(dev, c), evemu_get_abs_maximum(dev, c),
                   evemu_get_abs_fuzz(dev, c), evemu_get_abs_flat(dev, c), evemu_get_abs_resolution(dev, c));
        for (int c = 0; c <= KEY_MAX; c++) if (evemu_has_event(dev, EV_KEY, c)) printf("K %d\\n", c);
        struct input_event ev;
        int rc;
        while ((rc = evemu_read_event(fp, &ev)) > 0)
            printf("E %ld %ld %d %d %d\\n", (long)ev.input_event_sec, (long)ev.input_event_usec, ev.type, ev.code, ev.value);
        return rc < 0 ? 4 : 0;
    }
    """

    /// Compiles the reader once per test run; nil (with the reason printed) when
    /// no C compiler or libevemu headers are installed.
    static let reader: URL? = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-evemu-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let source = dir.appendingPathComponent("read.c")
        let binary = dir.appendingPathComponent("read")
        guard FileManager.default.fileExists(atPath: "/usr/include/evemu.h"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/cc") else {
            print("RealToolTests: skipped: cc or libevemu-dev (evemu.h) is not installed (run scripts/ensure-deps)")
            return nil
        }
        try? program.write(to: source, atomically: true, encoding: .utf8)
        let (status, output) = run("/usr/bin/cc", [source.path, "-o", binary.path, "-levemu"])
        guard status == 0 else {
            print("RealToolTests: skipped: compiling against libevemu failed: \(output)")
            return nil
        }
        return binary
    }()

    static func run(_ path: String, _ arguments: [String]) -> (Int32, String) {
        guard let r = try? ChildProcess.run(URL(fileURLWithPath: path), arguments, timeout: 60) else {
            return (-1, "cannot start \(path)")
        }
        return (r.status, r.status == 0 ? r.stdout : r.stdout + r.stderr)
    }

    static func expectedOutput(_ trace: Trace) -> String {
        let d = trace.device
        var lines = ["N \(d.name)",
                     "I \(String(d.id.bustype, radix: 16)) \(String(d.id.vendor, radix: 16)) \(String(d.id.product, radix: 16)) \(String(d.id.version, radix: 16))"]
        lines += d.properties.sorted().map { "P \($0)" }
        for code in (d.codes[EventType.abs] ?? []).sorted() {
            let a = d.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
            lines.append("A \(code) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)")
        }
        lines += (d.codes[EventType.key] ?? []).sorted().map { "K \($0)" }
        lines += trace.events.map { "E \($0.time.wholeSeconds) \($0.time.microsecondsOfSecond) \($0.type) \($0.code) \($0.value)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Skipped, visibly, where libevemu cannot be compiled against
    /// (`scripts/ensure-deps` installs it; the reason is printed).
    @Test(.enabled(if: RealToolTests.reader != nil, "needs cc and libevemu-dev (scripts/ensure-deps)"),
          arguments: ["real/ts_ep0430m09_2-finger-scroll-down.evemu", "real/ts_ntrig_protoA_1-finger-drag-NW-SE.events",
                      "real/mouse_ultrathin-touch-mouse_motion-clicks-wheel.evemu", "tool-output/drag.libinput-record.yml"])
    func libevemuReadsWhatGripperWrites(_ file: String) throws {
        let reader = try #require(Self.reader)
        let trace = file.hasSuffix(".yml")
            ? try LibinputRecordFormat.read(Recordings.bytes(file), fileName: file)
            : try Recordings.evemu(file)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-\(getpid())-\(file.hashValue).evemu")
        defer { try? FileManager.default.removeItem(at: out) }
        try EvemuFormat.write(trace).write(to: out, atomically: true, encoding: .utf8)
        let (status, output) = Self.run(reader.path, [out.path])
        #expect(status == 0, "\(output.suffix(300))")
        let expected = Self.expectedOutput(trace)
        #expect(output == expected)
        if output != expected {
            let a = output.split(separator: "\n"), b = expected.split(separator: "\n")
            if let i = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { Issue.record("first difference at \(i): libevemu \(a[i]) vs \(b[i])") }
        }
    }
}
