// swift-tools-version: 6.1
import PackageDescription

// Gripper's benchmarks: release-mode executables, never part of `swift test`.
// Run one with `swift run -c release --package-path Benchmarks NAME`; see
// BENCHMARKS.md for the figures. Each executable is named NAME-bench and its
// sources are in Sources/<Name>Benchmark.
let package = Package(
    name: "GripperBenchmarks",
    dependencies: [
        .package(name: "Gripper", path: ".."),
    ],
    targets: [
        .target(name: "BenchmarkSupport"),
        .systemLibrary(name: "CEvemu", pkgConfig: "evemu", providers: [.apt(["libevemu-dev"])]),
        // libgripper as an app links it: gripper.h and -lgripper from ../out/lib (scripts/libgripper).
        .systemLibrary(name: "CGripperABI", path: "Sources/CGripperABI"),
        .executableTarget(name: "cabi-bench", dependencies: [
            "BenchmarkSupport", "CGripperABI",
            .product(name: "Gripper", package: "Gripper"),
        ], path: "Sources/CABIBenchmark", linkerSettings: [.unsafeFlags([
            "-L\(Context.packageDirectory)/../out/lib", "-Xlinker", "-rpath", "-Xlinker", "\(Context.packageDirectory)/../out/lib",
        ])]),
        .executableTarget(name: "input-bench", dependencies: [
            "BenchmarkSupport", "CEvemu",
            .product(name: "GripperInput", package: "Gripper"),
            .product(name: "GripperTraces", package: "Gripper"),
            .product(name: "GripperFiles", package: "Gripper"),
        ], path: "Sources/InputBenchmark"),
        .executableTarget(name: "tracker-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "GripperInput", package: "Gripper"),
            .product(name: "GripperTraces", package: "Gripper"),
            .product(name: "GripperScripting", package: "Gripper"),
        ], path: "Sources/TrackerBenchmark"),
        .executableTarget(name: "gestures-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "GripperGestures", package: "Gripper"),
            .product(name: "GripperInput", package: "Gripper"),
        ], path: "Sources/GesturesBenchmark"),
        .executableTarget(name: "layout-bench", dependencies: [
            "BenchmarkSupport", .product(name: "GripperLayout", package: "Gripper"),
        ], path: "Sources/LayoutBenchmark"),
        .executableTarget(name: "editing-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "GripperEditing", package: "Gripper"),
            .product(name: "GripperLayout", package: "Gripper"),
            .product(name: "GripperInput", package: "Gripper"),
            .product(name: "GripperScripting", package: "Gripper"),
        ], path: "Sources/EditingBenchmark"),
        .executableTarget(name: "engine-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "Gripper", package: "Gripper"),
            .product(name: "GripperScene", package: "Gripper"),
            .product(name: "GripperScripting", package: "Gripper"),
            .product(name: "GripperLayout", package: "Gripper"),
            .product(name: "GripperEditing", package: "Gripper"),
        ], path: "Sources/EngineBenchmark"),
        // The window renderer's draw time per frame (offscreen): needs libsdl2-dev and libsdl2-ttf-dev.
        .executableTarget(name: "render-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "Gripper", package: "Gripper"),
            .product(name: "GripperPictures", package: "Gripper"),
            .product(name: "GripperReplay", package: "Gripper"),
            .product(name: "GripperScene", package: "Gripper"),
            .product(name: "GripperScripting", package: "Gripper"),
            .product(name: "GripperWindow", package: "Gripper"),
        ], path: "Sources/RenderBenchmark"),
        .executableTarget(name: "memory-bench", dependencies: ["BenchmarkSupport"], path: "Sources/MemoryBenchmark"),
        .executableTarget(name: "fuzz-bench", dependencies: [
            "BenchmarkSupport", .product(name: "GripperTesting", package: "Gripper"),
        ], path: "Sources/FuzzBenchmark"),
        .executableTarget(name: "open-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "Gripper", package: "Gripper"),
            .product(name: "GripperEditing", package: "Gripper"),
            .product(name: "GripperLayout", package: "Gripper"),
            .product(name: "GripperScripting", package: "Gripper"),
        ], path: "Sources/OpenBenchmark"),
        .executableTarget(name: "batch-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "Gripper", package: "Gripper"),
            .product(name: "GripperEditing", package: "Gripper"),
            .product(name: "GripperLayout", package: "Gripper"),
            .product(name: "GripperScripting", package: "Gripper"),
        ], path: "Sources/BatchBenchmark"),
        .executableTarget(name: "evdev-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "Gripper", package: "Gripper"),
            .product(name: "GripperScene", package: "Gripper"),
            .product(name: "GripperPictures", package: "Gripper"),
            .product(name: "GripperEvdev", package: "Gripper"),
            .product(name: "GripperScripting", package: "Gripper"),
            .product(name: "GripperTesting", package: "Gripper"),
            .product(name: "GripperInput", package: "Gripper"),
            .product(name: "GripperTraces", package: "Gripper"),
        ], path: "Sources/EvdevBenchmark"),
        .executableTarget(name: "soak-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "Gripper", package: "Gripper"),
            .product(name: "GripperEvdev", package: "Gripper"),
            .product(name: "GripperScene", package: "Gripper"),
            .product(name: "GripperScripting", package: "Gripper"),
            .product(name: "GripperInput", package: "Gripper"),
            .product(name: "GripperTraces", package: "Gripper"),
        ], path: "Sources/SoakBenchmark"),
        .executableTarget(name: "testrunner-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "GripperInput", package: "Gripper"),
            .product(name: "GripperTraces", package: "Gripper"),
            .product(name: "GripperReplay", package: "Gripper"),
            .product(name: "GripperScene", package: "Gripper"),
            .product(name: "GripperScripting", package: "Gripper"),
            .product(name: "GripperReplayCases", package: "Gripper"),
            .product(name: "GripperTesting", package: "Gripper"),
        ], path: "Sources/TestRunnerBenchmark"),
        .executableTarget(name: "datasource-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "Gripper", package: "Gripper"),
            .product(name: "GripperEditing", package: "Gripper"),
            .product(name: "GripperLayout", package: "Gripper"),
            .product(name: "GripperScripting", package: "Gripper"),
        ], path: "Sources/DataSourceBenchmark"),
    ],
    swiftLanguageModes: [.v6]
)
