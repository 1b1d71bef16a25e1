import Foundation

/// The build products folder of the running tests (`.build/debug`), where
/// `swift build --build-tests` puts the package's executables (`gripper`,
/// `GripperEvdevHarness`, `gripper-window`, `MessageListExample`) beside the
/// test runner: the one product locator of the package's tests.
package enum BuiltProducts {
    /// The folder: the test runner's own (`…/debug/GripperPackageTests.xctest`
    /// is a file on Linux), or the nearest folder above it that holds
    /// `gripper` (a runner inside a bundle).
    package static let folder: URL = {
        let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let own = URL(fileURLWithPath: runner).resolvingSymlinksInPath().deletingLastPathComponent()
        var dir = own
        while dir.path != "/", !FileManager.default.fileExists(atPath: dir.appendingPathComponent("gripper").path) {
            dir.deleteLastPathComponent()
        }
        return dir.path == "/" ? own : dir
    }()

    /// The built executable `name`.
    package static func executable(_ name: String) -> URL {
        folder.appendingPathComponent(name)
    }

    /// The built `gripper`.
    package static var gripper: URL { executable("gripper") }
}
