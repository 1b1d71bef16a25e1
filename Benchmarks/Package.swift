// swift-tools-version: 6.1
import PackageDescription

// Gripper's benchmarks: release-mode executables, never part of `swift test`.
// Run one with `swift run -c release --package-path Benchmarks NAME`; see
// BENCHMARKS.md for the figures.
let package = Package(
    name: "GripperBenchmarks",
    products: [
        .executable(name: "engine-bench", targets: ["EngineBenchmark"]),
    ],
    dependencies: [
        .package(name: "Gripper", path: ".."),
    ],
    targets: [
        .target(name: "BenchmarkSupport"),
        .executableTarget(name: "EngineBenchmark", dependencies: [
            "BenchmarkSupport",
            .product(name: "Gripper", package: "Gripper"),
            .product(name: "GripperTesting", package: "Gripper"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
