// memory-bench: the peak memory of the release `gripper`'s trace commands
// (trace info, gestures, replay, convert) on traces of each hostile kind,
// against the bound of issue 14: twice the input's size plus 64 MB.
//
//     swift build -c release --product gripper
//     swift run -c release --package-path Benchmarks memory-bench [--size MB] [--gripper PATH] [--only KIND]
//
// Run from the repository root (the headers come from Recordings/). Each
// trace is generated into a temporary folder, each command run under
// `/usr/bin/time -v` with its output thrown away; the table gives the
// "Maximum resident set size", the bound, and the wall time. Files are
// removed afterwards.
import BenchmarkSupport
import Foundation

struct Options {
    var megabytes = 200
    var gripper = ".build/release/gripper"
    var only: String?

    init(_ arguments: [String]) {
        var i = 1
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--size": megabytes = Int(value) ?? megabytes; i += 1
            case "--gripper": gripper = value; i += 1
            case "--only": only = value; i += 1
            default: FileHandle.standardError.write(Data("memory-bench: unknown option \(arguments[i])\n".utf8)); exit(2)
            }
            i += 1
        }
    }
}

let options = Options(CommandLine.arguments)
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-memory-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

func text(_ relative: String) throws -> String {
    String(decoding: try Data(contentsOf: root.appendingPathComponent(relative)), as: UTF8.self)
}

/// The lines of `text` before the first line starting with `stop` (or through it, when `including`).
func lines(of text: String, until stop: String, including: Bool = false) -> String {
    var out = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix(stop) {
            if including { out += line + "\n" }
            break
        }
        out += line + "\n"
    }
    return out
}

let touchscreen = lines(of: try text("Recordings/tool-output/drag.evemu-record.txt"), until: "E:")
let protocolA = try text("Recordings/real/ts_ntrig_protoA.desc")
let libinputHeader = lines(of: try text("Recordings/tool-output/drag.libinput-record.yml"), until: "  events:", including: true)
let scene = """
{"viewport":{"width":400,"height":640},"layout":{"rowHeight":56},
 "sections":[{"id":"s","items":[{"id":"a"},{"id":"b"},{"id":"c"},{"id":"d"},{"id":"e"},{"id":"f"}]}]}
"""
let scenePath = folder.appendingPathComponent("scene.json").path
try Data(scene.utf8).write(to: URL(fileURLWithPath: scenePath))

/// Writes `header`, then `body(n)` for n = 0, 1, … until the file holds `bytes`, then `footer`.
func generate(_ name: String, bytes: Int, header: String, footer: String = "", body: (Int) -> String) throws -> String {
    let path = folder.appendingPathComponent(name).path
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var chunk = header
    var written = 0
    var n = 0
    while written + chunk.utf8.count < bytes {
        chunk += body(n)
        n += 1
        if chunk.utf8.count >= 1 << 20 {
            written += chunk.utf8.count
            try handle.write(contentsOf: Data(chunk.utf8))
            chunk = ""
        }
    }
    try handle.write(contentsOf: Data((chunk + footer).utf8))
    return path
}

/// `sec.usec` of `n` microseconds, as evemu writes times.
func time(_ microseconds: Int) -> String {
    let frac = String(microseconds % 1_000_000)
    return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - frac.count) + frac
}

let size = options.megabytes << 20
struct Kind {
    var name: String
    var what: String
    var fewPictures = false
    var make: () throws -> String
}
let kinds: [Kind] = [
    Kind(name: "syn-reports", what: "evemu, nothing but SYN_REPORT lines", fewPictures: true) {
        try generate("syn-reports.evemu", bytes: size, header: touchscreen) { _ in "E: 1.000000 0000 0000 0000\n" }
    },
    Kind(name: "unknown-lines", what: "evemu, unknown lines (a warning each)", fewPictures: true) {
        try generate("unknown-lines.evemu", bytes: size, header: touchscreen, footer: "E: 1.000000 0000 0000 0000\n") { _ in
            "X: a line evemu does not define\n"
        }
    },
    Kind(name: "tiny-contacts", what: "evemu, protocol A, one contact per 66 bytes") {
        // A contact at x = 9, then a lone SYN_MT_REPORT: no contacts.
        try generate("tiny-contacts.evemu", bytes: size, header: protocolA) { _ in
            "E: 1.0 3 35 9\nE: 1.0 0 2 0\nE: 1.0 0 0 0\nE: 1.0 0 2 0\nE: 1.0 0 0 0\n"
        }
    },
    Kind(name: "taps", what: "evemu, protocol B taps 300 ms apart") {
        try generate("taps.evemu", bytes: size, header: touchscreen) { n in
            let down = time(n * 300_000 + 1), up = time(n * 300_000 + 50_001)
            return "E: \(down) 0003 0039 \(n % 60000)\nE: \(down) 0003 0035 \(1000 + n % 1000)\nE: \(down) 0003 0036 1000\n"
                + "E: \(down) 0001 014a 0001\nE: \(down) 0000 0000 0000\n"
                + "E: \(up) 0003 0039 -001\nE: \(up) 0001 014a 0000\nE: \(up) 0000 0000 0000\n"
        }
    },
    Kind(name: "block-yaml", what: "libinput record, SYN_REPORT frames in block style", fewPictures: true) {
        try generate("block.yml", bytes: size, header: libinputHeader) { _ in
            "  - evdev:\n    - [  1,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms\n"
        }
    },
    Kind(name: "flow-yaml", what: "libinput record, flow-style events (read as YAML)") {
        try generate("flow.yml", bytes: size, header: libinputHeader) { _ in
            "  - {evdev: [[1, 0, 3, 53, 1000], [1, 0, 0, 0, 0]]}\n"
        }
    },
    Kind(name: "huge-line", what: "evemu, one 200 MB token") {
        try generate("huge-line.evemu", bytes: size, header: touchscreen + "E: 0.000001 0003 0035 ", footer: "\n") { _ in
            String(repeating: "9", count: 4096)
        }
    },
]

struct Run {
    var status: Int32
    var peakKilobytes: Int
    var seconds: Double
    var stderr: String
}

/// Runs `gripper arguments` under `/usr/bin/time -v`, output to /dev/null.
func measure(_ arguments: [String]) throws -> Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-v", options.gripper] + arguments
    process.standardOutput = FileHandle.nullDevice
    let err = Pipe()
    process.standardError = err
    try process.run()
    let data = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    var peak = 0, seconds = 0.0
    var status: Int32 = process.terminationStatus
    var messages: [String] = []
    for line in text.split(separator: "\n") {
        let t = line.trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("Maximum resident set size (kbytes): ") { peak = Int(t.split(separator: " ").last ?? "") ?? 0 }
        else if t.hasPrefix("Elapsed (wall clock) time") {
            let clock = t.split(separator: " ").last.map(String.init) ?? ""
            seconds = clock.split(separator: ":").reduce(0.0) { $0 * 60 + (Double($1) ?? 0) }
        } else if t.hasPrefix("Exit status: ") { status = Int32(t.split(separator: " ").last ?? "") ?? status }
        else if t.hasPrefix("Command being timed") || line.hasPrefix("\t") { continue }
        else { messages.append(String(line)) }
    }
    return Run(status: status, peakKilobytes: peak, seconds: seconds, stderr: messages.prefix(2).joined(separator: " | "))
}

guard FileManager.default.isExecutableFile(atPath: options.gripper) else {
    print("memory-bench: no gripper at \(options.gripper); build it first: swift build -c release --product gripper")
    exit(2)
}
print("memory-bench: peak resident memory of \(options.gripper), bound = 2 × input + 64 MB")
print("| trace | MB | command | exit | peak MB | bound MB | within | s |")
print("|---|---|---|---|---|---|---|---|")
var worst = 0.0
for kind in kinds where options.only == nil || options.only == kind.name {
    let path = try kind.make()
    let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let megabytes = Double(bytes) / Double(1 << 20)
    let bound = 2 * megabytes + 64
    let out = folder.appendingPathComponent(path.hasSuffix(".yml") ? "out.evemu" : "out.yml").path
    let page = folder.appendingPathComponent("page.html").path
    var commands: [(String, [String])] = [
        ("trace info", ["trace", "info", path]),
        ("trace info --json", ["trace", "info", path, "--json"]),
        ("gestures", ["gestures", path]),
        ("replay", ["replay", path, "--scene", scenePath]),
        // Paced with every gap cut to nothing: the realtime path at full speed.
        ("replay --realtime", ["replay", path, "--scene", scenePath, "--realtime", "--max-gap", "0"]),
        ("convert", ["trace", "convert", path, out]),
    ]
    // Pictures where the trace makes few (a picture per change: the taps
    // would make a page of gigabytes, which is the output, not the input).
    if kind.fewPictures { commands.append(("replay --html", ["replay", path, "--scene", scenePath, "--html", page])) }
    for (label, arguments) in commands {
        let run = try measure(arguments)
        try? FileManager.default.removeItem(atPath: out)
        try? FileManager.default.removeItem(atPath: page)
        let peak = Double(run.peakKilobytes) / 1024
        worst = max(worst, peak / bound)
        print("| \(kind.name) | \(fmt(megabytes, 0)) | \(label) | \(run.status) | \(fmt(peak, 1)) | \(fmt(bound, 0)) | \(peak <= bound ? "yes" : "NO") | \(fmt(run.seconds, 1)) |")
        if run.status != 0 { print("|   | | | \(run.stderr.prefix(150)) | | | | |") }
    }
    try? FileManager.default.removeItem(atPath: path)
}

// Scenes have a bound of their own (Documentation/Scenes.md, "Memory"): a
// scene's items cost more than their JSON, so the 2 × input bound of traces
// cannot hold; the reader keeps within `sceneFactor` × the file + 64 MB.
let sceneFactor = 12.0
if options.only == nil || options.only == "scene" {
    let trace = root.appendingPathComponent("Recordings/scenarios/drag-into-another-section/trace.evemu").path
    for count in [100_000, 1_000_000] {
        let path = folder.appendingPathComponent("scene-\(count).json").path
        var text = #"{"viewport":{"width":400,"height":640},"layout":{"rowHeight":56,"headerHeight":32},"sections":["#
        for s in 0..<2 {
            text += (s == 0 ? "" : ",") + #"{"id":"s\#(s)","title":"Section \#(s)","items":["#
            for i in 0..<count / 2 {
                text += (i == 0 ? "" : ",") + #"{"id":"item-\#(s)-\#(i)","label":"Item number \#(i)"}"#
            }
            text += "]}"
        }
        text += "]}"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let megabytes = Double(text.utf8.count) / Double(1 << 20)
        let bound = sceneFactor * megabytes + 64
        let run = try measure(["replay", trace, "--scene", path])
        let peak = Double(run.peakKilobytes) / 1024
        worst = max(worst, peak / bound)
        print("| scene of \(count) items | \(fmt(megabytes, 0)) | replay | \(run.status) | \(fmt(peak, 1)) | \(fmt(bound, 0)) (\(fmt(sceneFactor, 0)) × + 64) | \(peak <= bound ? "yes" : "NO") | \(fmt(run.seconds, 1)) |")
        if run.status != 0 { print("|   | | | \(run.stderr.prefix(150)) | | | | |") }
        try? FileManager.default.removeItem(atPath: path)
    }
}
print("worst peak / bound: \(fmt(worst, 3))")
