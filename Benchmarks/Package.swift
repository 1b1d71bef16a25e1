// swift-tools-version: 6.1
import PackageDescription

// Gripper's benchmarks: release-mode executables, never part of `swift test`.
// Run one with `swift run -c release --package-path Benchmarks NAME`; see
// BENCHMARKS.md for the figures.
let package = Package(
    name: "GripperBenchmarks",
    products: [
        .executable(name: "input-bench", targets: ["InputBenchmark"]),
        .executable(name: "tracker-bench", targets: ["TrackerBenchmark"]),
    ],
    dependencies: [
        .package(name: "Gripper", path: ".."),
    ],
    targets: [
        .target(name: "BenchmarkSupport"),
        .executableTarget(name: "evdev-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "GripperEvdev", package: "Gripper"),
            .product(name: "GripperTesting", package: "Gripper"),
            .product(name: "GripperInput", package: "Gripper"),
        ]),
        .systemLibrary(name: "CEvemu", pkgConfig: "evemu", providers: [.apt(["libevemu-dev"])]),
        .executableTarget(name: "InputBenchmark", dependencies: [
            "BenchmarkSupport", "CEvemu",
            .product(name: "GripperInput", package: "Gripper"),
        ]),
        .executableTarget(name: "TrackerBenchmark", dependencies: [
            "BenchmarkSupport",
            .product(name: "GripperInput", package: "Gripper"),
            .product(name: "GripperTesting", package: "Gripper"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
