// fuzz-bench: how many executions a second each fuzz target's own work
// takes, without libFuzzer's instrumentation (no coverage, no address
// sanitizer): the inputs of a corpus (`out/fuzz/TARGET/corpus`, which
// `scripts/fuzz TARGET` fills) through `FuzzTarget.run`, as the fuzz
// executable calls it, three rounds, the best printed. The instrumented
// executable runs several times slower; libFuzzer prints its own rate.
//
//     swift run -c release --package-path Benchmarks fuzz-bench [TARGET] [--corpus DIR]
import BenchmarkSupport
import Foundation
@_spi(Fuzzing) import GripperTesting

var target = FuzzTarget.engine
var corpus: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--corpus" { corpus = arguments.popFirst() } else if let t = FuzzTarget(rawValue: argument) { target = t } else {
        FileHandle.standardError.write(Data("fuzz-bench: unknown argument \(argument)\n".utf8))
        exit(2)
    }
}
let folder = corpus ?? "out/fuzz/\(target.rawValue)/corpus"
let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
let inputs = names.compactMap { FileManager.default.contents(atPath: folder + "/" + $0).map { Array($0) } }
guard !inputs.isEmpty else {
    print("fuzz-bench: no inputs in \(folder); run scripts/fuzz \(target.rawValue) first")
    exit(2)
}
let bytes = inputs.reduce(0) { $0 + $1.count }
var best = Double.infinity
for _ in 0..<3 {
    let t0 = nanoseconds()
    for input in inputs { target.run(input) }
    best = min(best, Double(nanoseconds() - t0))
}
print("fuzz-bench: \(target.rawValue): \(inputs.count) inputs (\(bytes / inputs.count) bytes on average) in \(fmt(best / 1e6)) ms: \(fmt(Double(inputs.count) / (best / 1e9), 0)) executions/s, \(fmt(best / Double(inputs.count) / 1e3)) µs each")
