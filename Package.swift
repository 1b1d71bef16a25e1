// swift-tools-version: 6.1
import PackageDescription

// The module map of Gripper. Import directions (see Documentation/Architecture.md):
//   GripperGeometry  ← GripperInput ← GripperGestures ─┐      (GripperInput: evdev vocabulary, time, tracking)
//   GripperGeometry  ← GripperLayout ──────────────────┴→ GripperEditing → Gripper (pure: no I/O)
//   Gripper → GripperScene (the JSON fixture), GripperPictures (SVG, terminal, timeline)
//   GripperInput → GripperTraces (evemu read and write, libinput record written; no Foundation)
//   GripperScene, GripperPictures, GripperTraces → GripperReplay
//   GripperTraces, CLibyaml → GripperFiles (trace files, output; libinput record read through the system's libyaml:
//   the only module that knows YAML; no Foundation)
//   CLibevdev, CLibudev, GripperInput, Gripper, GripperScene → GripperEvdev
//   Gripper, GripperInput, GripperTraces → GripperScripting (TraceBuilder, aimed at what an engine shows too;
//   TestDevices, the scenario library, umockdev texts)
//   GripperReplay, GripperFiles → GripperReplayCases (replay cases on disk, assertReplay)
//   GripperScripting, GripperReplayCases, GripperReplay, GripperFiles → GripperTesting (test support: tests, Fuzz/ and
//   Benchmarks/ only);  everything but GripperTesting → gripper (the CLI)
//   CUmockdev (libumockdev, tests only) → GripperEvdevHarness, the evdev tests' helper
//   CSDL2 (SDL2, SDL2_ttf, zlib), Gripper, GripperPictures → GripperWindow → gripper-window (its own
//   executable: `gripper` and its .deb never link SDL2; see Documentation/Renderer.md)
// scripts/package builds with GRIPPER_PACKAGED=1: the CLI alone is then compiled with
// -DGRIPPER_PACKAGED and takes `gripper --version` from the git-ignored source the script
// writes (Sources/GripperCLI/BuildInfo.generated.swift); every other module keeps its flags.
let packaged = Context.environment["GRIPPER_PACKAGED"] == "1"

let package = Package(
    name: "Gripper",
    products: [
        .library(name: "Gripper", targets: ["Gripper"]),
        .library(name: "GripperInput", targets: ["GripperInput"]),
        .library(name: "GripperTraces", targets: ["GripperTraces"]),
        .library(name: "GripperGestures", targets: ["GripperGestures"]),
        .library(name: "GripperLayout", targets: ["GripperLayout"]),
        .library(name: "GripperEditing", targets: ["GripperEditing"]),
        .library(name: "GripperScene", targets: ["GripperScene"]),
        .library(name: "GripperPictures", targets: ["GripperPictures"]),
        .library(name: "GripperReplay", targets: ["GripperReplay"]),
        .library(name: "GripperFiles", targets: ["GripperFiles"]),
        .library(name: "GripperEvdev", targets: ["GripperEvdev"]),
        .library(name: "GripperScripting", targets: ["GripperScripting"]),
        .library(name: "GripperReplayCases", targets: ["GripperReplayCases"]),
        .library(name: "GripperTesting", targets: ["GripperTesting"]),
        .executable(name: "gripper", targets: ["GripperCLI"]),
        // The window renderer (SDL2): the only products that link SDL2. The library is a product so the
        // Benchmarks package can time it; nothing above depends on it.
        .library(name: "GripperWindow", targets: ["GripperWindow"]),
        // libgripper, the C library (gripper.h): scripts/libgripper makes libgripper.so.0 of it.
        .library(name: "gripper-c", type: .dynamic, targets: ["GripperC"]),
        // libgripper's C functions and their implementations as a static library (the C ABI's fuzzer links it).
        .library(name: "GripperCFace", targets: ["CGripper", "GripperCFace"]),
        .executable(name: "gripper-window", targets: ["GripperWindowCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` (DocC catalogs in Sources/*/*.docc); a plugin, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibevdev",
            pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]
        ),
        // libyaml: the YAML of a libinput-record header (GripperFiles' YAMLDocument composes its events).
        .systemLibrary(
            name: "CLibyaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // libudev: devices appearing and disappearing (GripperEvdev's UdevMonitor).
        .systemLibrary(
            name: "CLibudev",
            pkgConfig: "libudev",
            providers: [.apt(["libudev-dev"])]
        ),
        // Test-only: libumockdev's testbed API for GripperEvdevHarness (device removal mid-stream).
        .systemLibrary(
            name: "CUmockdev",
            pkgConfig: "umockdev-1.0",
            providers: [.apt(["libumockdev-dev"])]
        ),
        // SDL2 and SDL2_ttf (the window renderer's drawing and text) and zlib (its PNG frames).
        // No pkgConfig: sdl2.pc's cflags carry -D_REENTRANT, which SwiftPM refuses with a warning
        // on every build; the shim names the headers by their path under /usr/include instead.
        .systemLibrary(
            name: "CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "zlib1g-dev"])]
        ),
        .target(name: "GripperGeometry"),
        .target(name: "GripperInput", dependencies: ["GripperGeometry"]),
        // Trace formats (evemu read and write, libinput record written, summaries); no Foundation.
        .target(name: "GripperTraces", dependencies: ["GripperGeometry", "GripperInput"]),
        .target(name: "GripperGestures", dependencies: ["GripperGeometry", "GripperInput"]),
        .target(name: "GripperLayout", dependencies: ["GripperGeometry"]),
        .target(name: "GripperEditing", dependencies: ["GripperGeometry", "GripperInput", "GripperGestures", "GripperLayout"]),
        .target(name: "Gripper", dependencies: [
            "GripperGeometry", "GripperInput", "GripperGestures", "GripperLayout", "GripperEditing",
        ]),
        .target(name: "GripperScene", dependencies: ["Gripper", "GripperInput", "GripperTraces"]),
        .target(name: "GripperPictures", dependencies: ["Gripper"]),
        .target(name: "GripperReplay", dependencies: ["Gripper", "GripperInput", "GripperTraces", "GripperScene", "GripperPictures"]),
        // Trace files and output files, and libinput record read (libyaml reads its header): the only module that
        // knows YAML; no Foundation.
        .target(name: "GripperFiles", dependencies: ["CLibyaml", "GripperInput", "GripperTraces"]),
        .target(name: "GripperEvdev", dependencies: ["CLibevdev", "CLibudev", "GripperInput", "Gripper", "GripperScene"]),
        // Scripted input: gestures made in code (TraceBuilder) for described devices (TestDevices), the bundled
        // scenario library made of them, and umockdev's texts that play a trace into an emulated device. Product
        // code, not test support: `gripper scenarios` writes Recordings/scenarios with it.
        .target(name: "GripperScripting", dependencies: ["Gripper", "GripperGeometry", "GripperInput", "GripperLayout", "GripperTraces"]),
        // Replay cases on disk (found, read, recorded) and the assertions on them (assertReplay, of a trace or of
        // a TraceBuilder script). A module of its own above GripperReplay, which stays pure (the trace already
        // read), and GripperFiles, which does the I/O; an app's tests link it without GripperTesting.
        .target(name: "GripperReplayCases", dependencies: [
            "Gripper", "GripperGestures", "GripperInput", "GripperTraces", "GripperScene", "GripperPictures", "GripperReplay",
            "GripperFiles", "GripperScripting",
        ]),
        // Test support, linked by tests, Fuzz/ and Benchmarks/ only (never by `gripper`).
        .target(name: "GripperTesting", dependencies: [
            "Gripper", "GripperGeometry", "GripperInput", "GripperLayout", "GripperEditing", "GripperScene", "GripperTraces",
            "GripperReplay", "GripperFiles", "GripperScripting", "GripperReplayCases",
        ]),
        .executableTarget(name: "GripperCLI", dependencies: [
            "Gripper", "GripperInput", "GripperTraces", "GripperGestures", "GripperLayout", "GripperEditing",
            "GripperScene", "GripperPictures", "GripperReplay", "GripperFiles",
            "GripperEvdev", "GripperScripting", "GripperReplayCases",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: packaged ? [.define("GRIPPER_PACKAGED")] : []),
        // The window renderer: SceneDrawing (GripperPictures) drawn with SDL2 into a window or offscreen.
        .target(name: "GripperWindow", dependencies: ["CSDL2", "Gripper", "GripperGeometry", "GripperInput", "GripperPictures"]),
        .executableTarget(name: "GripperWindowCLI", dependencies: [
            "CSDL2", "GripperWindow", "Gripper", "GripperGeometry", "GripperInput", "GripperTraces", "GripperLayout", "GripperPictures",
            "GripperScene", "GripperReplay", "GripperFiles", "GripperEvdev",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // libgripper: the C face (Sources/CGripper/include/gripper.h) over a toolkit session. The Swift
        // runtime is linked in (-static-stdlib: the .so needs only libc, libm, libstdc++, libgcc_s); the
        // version script exports the gripper_* functions alone, at GRIPPER_0; see Documentation/CLibrary.md.
        // gripper.h and the exported C functions; each calls its Swift implementation in GripperCFace.
        .target(name: "CGripper"),
        // The Swift implementations behind gripper.h (linked into libgripper, and into the C ABI's fuzzer).
        .target(name: "GripperCFace", dependencies: [
            "CGripper", "Gripper", "GripperEditing", "GripperGeometry", "GripperGestures", "GripperInput", "GripperLayout",
            "GripperScene", "GripperTraces",
        ]),
        .target(name: "GripperC", dependencies: ["CGripper", "GripperCFace"], exclude: ["libgripper.map"],
                linkerSettings: [.unsafeFlags([
                    "-static-stdlib",
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/GripperC/libgripper.map",
                    "-Xlinker", "-soname=libgripper.so.0",
                ])]),
        // Test helper: reads emulated devices with GripperEvdev and prints what it saw (see Tests/GripperEvdevTests).
        .executableTarget(name: "GripperEvdevHarness", dependencies: [
            "CUmockdev", "CLibevdev", "GripperEvdev", "GripperInput", "Gripper", "GripperScene", "GripperTesting",
        ]),
        // The example embedding (Examples/MessageList): an app's own 100k messages and rules, driven by a
        // bundled trace, with an app batch mid-drag; built by `swift build`, run by GripperEmbeddingTests.
        .executableTarget(name: "MessageListExample", dependencies: ["Gripper", "GripperTraces"], path: "Examples/MessageList"),
        // An app's own layout (a mosaic and a ring placement), written against the public face alone.
        .executableTarget(name: "PhotoAlbumExample", dependencies: ["Gripper", "GripperScripting"], path: "Examples/PhotoAlbum"),
        // A test target per module (Documentation/Testing.md): each declares its module, the modules
        // below it that its tests name, and GripperTesting (test support). A test that runs a scene
        // through the engine, the pictures or a replay end to end goes with the highest module it needs.
        .testTarget(name: "GripperGeometryTests", dependencies: ["GripperGeometry"]),
        .testTarget(name: "GripperInputTests", dependencies: ["GripperInput", "GripperGeometry", "GripperTraces", "GripperScripting", "GripperTesting"]),
        // The trace formats, read and written; libinput record's reading half is GripperFiles' (YAML).
        .testTarget(name: "GripperTracesTests", dependencies: [
            "GripperTraces", "GripperInput", "GripperGeometry", "GripperFiles", "GripperScripting", "GripperTesting",
        ]),
        .testTarget(name: "GripperGesturesTests", dependencies: ["GripperGestures", "GripperInput", "GripperGeometry", "GripperTraces", "GripperScripting", "GripperTesting"]),
        .testTarget(name: "GripperLayoutTests", dependencies: ["GripperLayout", "GripperGeometry", "GripperScripting", "GripperTesting"]),
        .testTarget(name: "GripperEditingTests", dependencies: ["GripperEditing", "GripperLayout", "GripperGestures", "GripperScripting", "GripperTesting"]),
        // The engine; scenes (GripperScene) are its tests' fixtures.
        .testTarget(name: "GripperTests", dependencies: [
            "Gripper", "GripperGeometry", "GripperInput", "GripperLayout", "GripperEditing", "GripperTraces", "GripperScene",
            "GripperScripting", "GripperTesting",
        ]),
        // Scenes read and written; GripperReplay for `Scene.pictureLabels`.
        .testTarget(name: "GripperSceneTests", dependencies: [
            "GripperScene", "Gripper", "GripperEditing", "GripperReplay", "GripperScripting", "GripperTesting",
        ]),
        // What the engine shows, drawn (snapshots and SVG) without a replay.
        .testTarget(name: "GripperPicturesTests", dependencies: [
            "GripperPictures", "Gripper", "GripperGeometry", "GripperLayout", "GripperEditing", "GripperScene", "GripperScripting", "GripperTesting",
        ]),
        // Replays, replay cases, trace cuts, and the pictures and timeline of a replayed scene.
        .testTarget(name: "GripperReplayTests", dependencies: [
            "GripperReplay", "Gripper", "GripperGeometry", "GripperInput", "GripperLayout", "GripperEditing", "GripperTraces",
            "GripperScene", "GripperPictures", "GripperFiles", "GripperScripting", "GripperReplayCases", "GripperTesting",
        ]),
        .testTarget(name: "GripperFilesTests", dependencies: ["GripperFiles", "GripperTraces", "GripperInput", "GripperScripting", "GripperTesting"]),
        // Scripted input: the trace builder and the test devices.
        .testTarget(name: "GripperScriptingTests", dependencies: [
            "GripperScripting", "Gripper", "GripperGeometry", "GripperInput", "GripperLayout", "GripperEditing",
            "GripperScene", "GripperTraces", "GripperTesting",
        ]),
        // Replay cases on disk: assertReplay and assertTranscript (Swift Testing and XCTest), each recording mode.
        .testTarget(name: "GripperReplayCasesTests", dependencies: [
            "GripperReplayCases", "Gripper", "GripperInput", "GripperTraces", "GripperScene", "GripperReplay", "GripperFiles",
            "GripperScripting", "GripperTesting",
        ]),
        // The test support itself: the kept fuzz inputs, replayed through the fuzz targets' drivers.
        .testTarget(name: "GripperTestingTests", dependencies: [
            "GripperTesting", "Gripper", "GripperInput", "GripperTraces", "GripperScene", "GripperScripting",
        ]),
        // libgripper's Swift side: the identity table it keeps beside the model (the C functions are tested from C).
        .testTarget(name: "GripperCFaceTests", dependencies: [
            "GripperCFace", "GripperEditing", "GripperInput", "GripperLayout", "GripperScripting", "GripperTesting",
        ]),
        // The "Embedding Gripper" article's code (compiled and run here) and the example embedding, run end to end.
        .testTarget(name: "GripperEmbeddingTests", dependencies: ["Gripper", "GripperTraces", "GripperScripting", "GripperTesting", "MessageListExample", "PhotoAlbumExample"]),
        .testTarget(name: "GripperEvdevTests", dependencies: [
            "GripperEvdev", "GripperInput", "GripperTraces", "GripperFiles", "GripperScripting", "GripperTesting", "GripperEvdevHarness", "GripperCLI",
        ]),
        // Declares the executables its tests run, so `swift build --build-tests` builds them.
        .testTarget(name: "GripperCLITests", dependencies: ["Gripper", "GripperInput", "GripperLayout", "GripperTraces", "GripperFiles", "GripperScripting", "GripperTesting", "GripperCLI"]),
        // The window renderer offscreen and under Xvfb; declares the executables its tests run.
        .testTarget(name: "GripperWindowTests", dependencies: [
            "CSDL2", "GripperWindow", "Gripper", "GripperGeometry", "GripperLayout", "GripperPictures", "GripperScene",
            "GripperFiles", "GripperInput", "GripperTraces", "GripperScripting", "GripperTesting", "GripperWindowCLI", "GripperEvdevHarness",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
