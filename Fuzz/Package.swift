// swift-tools-version: 6.1
import PackageDescription

// Gripper's coverage-guided fuzz targets (libFuzzer), never part of `swift
// build` or `swift test` of the main package. Build and run them with
// `scripts/fuzz` (see RELIABILITY.md), which passes the flags they need:
// `--sanitize=fuzzer --sanitize=address -Xswiftc -parse-as-library`. Each
// executable is named fuzz-NAME, its source in Sources/<Name>Fuzz, and its
// entry point is `LLVMFuzzerTestOneInput`; libFuzzer supplies `main`.
let package = Package(
    name: "GripperFuzz",
    dependencies: [
        .package(name: "Gripper", path: ".."),
    ],
    targets: [
        .executableTarget(name: "fuzz-evemu", dependencies: [.product(name: "GripperTesting", package: "Gripper")], path: "Sources/EvemuFuzz"),
        .executableTarget(name: "fuzz-libinput-record", dependencies: [.product(name: "GripperTesting", package: "Gripper")], path: "Sources/LibinputRecordFuzz"),
        .executableTarget(name: "fuzz-scene", dependencies: [.product(name: "GripperTesting", package: "Gripper")], path: "Sources/SceneFuzz"),
        .executableTarget(name: "fuzz-engine", dependencies: [.product(name: "GripperTesting", package: "Gripper")], path: "Sources/EngineFuzz"),
        .executableTarget(name: "fuzz-test-folder", dependencies: [.product(name: "GripperTesting", package: "Gripper")], path: "Sources/TestFolderFuzz"),
        // libgripper's C functions, called as a C caller would (and a careless one): GripperCFace is the
        // library's code without the shared object's linker flags.
        .executableTarget(name: "fuzz-c-abi", dependencies: [.product(name: "GripperCFace", package: "Gripper")], path: "Sources/CABIFuzz"),
    ],
    swiftLanguageModes: [.v6]
)
