// swift-tools-version: 6.1
import PackageDescription

// Gripper's benchmarks: release-mode executables, never part of `swift test`.
// Run one with `swift run -c release --package-path Benchmarks NAME`; see
// BENCHMARKS.md for the figures.
let package = Package(
    name: "GripperBenchmarks",
    products: [
        .executable(name: "input-bench", targets: ["InputBenchmark"]),
        .executable(name: "gestures-bench", targets: ["GesturesBenchmark"]),
        .executable(name: "editing-bench", targets: ["EditingBenchmark"]),
    ],
    dependencies: [
        .package(name: "Gripper", path: ".."),
    ],
    targets: [
        .target(name: "BenchmarkSupport"),
        .systemLibrary(name: "CEvemu", pkgConfig: "evemu", providers: [.apt(["libevemu-dev"])]),
        .executableTarget(name: "InputBenchmark", dependencies: [
            "BenchmarkSupport", "CEvemu",
            .product(name: "GripperInput", package: "Gripper"),
        ]),
        .executableTarget(name: "GesturesBenchmark", dependencies: [
            "BenchmarkSupport",
            .product(name: "GripperGestures", package: "Gripper"),
            .product(name: "GripperInput", package: "Gripper"),
        ]),
        .executableTarget(name: "tracker-bench", dependencies: [
            "BenchmarkSupport",
            .product(name: "GripperInput", package: "Gripper"),
            .product(name: "GripperTesting", package: "Gripper"),
        ]),
        .executableTarget(name: "EditingBenchmark", dependencies: [
            "BenchmarkSupport",
            .product(name: "GripperEditing", package: "Gripper"),
            .product(name: "GripperLayout", package: "Gripper"),
            .product(name: "GripperInput", package: "Gripper"),
        ]),
        .executableTarget(name: "layout-bench", dependencies: [
            "BenchmarkSupport", .product(name: "GripperLayout", package: "Gripper"),
        ], path: "Sources/LayoutBenchmark"),
    ],
    swiftLanguageModes: [.v6]
)
