// The version `gripper --version` prints. scripts/package writes
// BuildInfo.generated.swift (git-ignored) with the package version and the git
// revision, and builds with GRIPPER_PACKAGED=1 in the environment, for which
// Package.swift compiles this module with -DGRIPPER_PACKAGED; any other build
// is a development build and says so.

/// What this binary is: its package version and the git revision it was built
/// from, or that it is a development build.
enum BuildInfo {
    #if GRIPPER_PACKAGED
    /// The text of `gripper --version`, stamped by scripts/package.
    static let versionText = GeneratedBuildInfo.versionText
    #else
    /// The text of `gripper --version` for a build that scripts/package did
    /// not stamp (`swift build`, `swift run`, the tests).
    static let versionText = """
        development build
        built without scripts/package: no package version or git revision recorded
        """
    #endif
}
