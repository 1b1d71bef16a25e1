import Foundation
import Testing
@testable import GripperCLI
import GripperTesting

/// What `gripper devices` says of a node the user may not read: every case of
/// the package's udev rule (packaging/udev/70-gripper.rules), from facts.
@Suite struct DeviceAccessTests {
    /// A touchscreen node as udev leaves it with Gripper's rule applied
    /// (root:input 0660 plus an ACL entry for `gripper`), seen by a user in
    /// the group.
    static func touchscreen() -> NodeAccess.Facts {
        NodeAccess.Facts(
            path: "/dev/input/event7", owner: "root", group: "input", mode: 0o20660,
            aclReaders: ["gripper"],
            udev: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"], udevRecord: "/run/udev/data/c13:71",
            processGroups: ["alice", "gripper"], gripperGroup: .member)
    }

    @Test func aKeyboardIsNeverGrantedWhateverElseItIs() {
        var facts = Self.touchscreen()
        facts.udev = ["ID_INPUT": "1", "ID_INPUT_KEYBOARD": "1", "ID_INPUT_KEY": "1", "ID_INPUT_MOUSE": "1"]
        facts.aclReaders = []
        let access = NodeAccess(facts)
        #expect(access.code == "keyboard")
        #expect(access.explanation.contains("never grants keyboards"))
        #expect(access.explanation.contains("Reading a keyboard"))
    }

    @Test func aDeviceThatIsNoPointerIsLeftAlone() {
        var facts = Self.touchscreen()
        facts.udev = ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_SWITCH": "1"]  // a lid switch and power button
        facts.aclReaders = []
        let access = NodeAccess(facts)
        #expect(access.code == "not-pointing")
        #expect(access.explanation.contains("ID_INPUT_KEY, ID_INPUT_SWITCH"))
        #expect(access.explanation.contains("owned by root:input, mode 660"))
    }

    @Test func eachPointingKindIsNamed() {
        for (property, kind) in [("ID_INPUT_TOUCHPAD", "touchpad"), ("ID_INPUT_TABLET", "tablet"), ("ID_INPUT_MOUSE", "mouse")] {
            var facts = Self.touchscreen()
            facts.udev = ["ID_INPUT": "1", property: "1"]
            facts.gripperGroup = .notMember
            facts.processGroups = ["alice"]
            let access = NodeAccess(facts)
            #expect(access.code == "not-in-group")
            #expect(access.explanation.hasPrefix("a \(kind) the group gripper may read"), "\(access.explanation)")
        }
    }

    @Test func withoutTheGroupThePackageIsMissing() {
        var facts = Self.touchscreen()
        facts.aclReaders = []
        facts.processGroups = ["alice"]
        facts.gripperGroup = .missing
        let access = NodeAccess(facts)
        #expect(access.code == "no-gripper-group")
        #expect(access.explanation.contains("install the gripper package"))
    }

    @Test func aUserOutsideTheGroupIsToldHowToJoin() {
        var facts = Self.touchscreen()
        facts.processGroups = ["alice"]
        facts.gripperGroup = .notMember
        let access = NodeAccess(facts)
        #expect(access.code == "not-in-group")
        #expect(access.explanation.contains("sudo usermod -aG gripper $USER, then log in again"))
    }

    @Test func aMemberSinceThisLoginMustLogInAgain() {
        var facts = Self.touchscreen()
        facts.processGroups = ["alice"]  // the database says member; this process does not have it
        let access = NodeAccess(facts)
        #expect(access.code == "log-in-again")
        #expect(access.explanation.contains("newgrp gripper"))
    }

    @Test func aPointerWithoutTheACLNeedsTheRuleApplied() {
        var facts = Self.touchscreen()
        facts.aclReaders = ["plugdev"]
        let access = NodeAccess(facts)
        #expect(access.code == "rule-not-applied")
        #expect(access.explanation.contains("udevadm trigger --subsystem-match=input --action=change"))
        #expect(!access.explanation.contains("usermod"))

        facts.gripperGroup = .notMember
        facts.processGroups = ["alice"]
        #expect(NodeAccess(facts).explanation.contains("and sudo usermod -aG gripper $USER"))
    }

    @Test func aNodeUdevNeverSawSaysSo() {
        var facts = Self.touchscreen()
        facts.udev = nil
        facts.owner = "root"
        facts.group = "root"
        facts.mode = 0o100600
        let access = NodeAccess(facts)
        #expect(access.code == "no-udev-record")
        #expect(access.explanation.hasPrefix("owned by root:root, mode 600; udev has no record of it (no /run/udev/data/c13:71)"))
    }

    @Test func factsReadTheNodeItself() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gripper-access-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let node = dir.appendingPathComponent("event5")
        try Data("not a device".utf8).write(to: node)
        #expect(chmod(node.path, 0o640) == 0)
        let facts = try #require(NodeAccess.Facts.read(path: node.path))
        #expect(facts.mode & 0o7777 == 0o640)
        #expect(facts.udev == nil)  // a regular file: udev keeps no record of it
        #expect(facts.owner == String(cString: getpwuid(geteuid()).pointee.pw_name))
        #expect(NodeAccess.Facts.read(path: dir.appendingPathComponent("event6").path) == nil)
    }

    @Test func versionSaysADevelopmentBuildIsOne() throws {
        let run = try GripperProcess.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("development build\n"), "\(run.stdout)")
        #expect(run.stdout.contains("no package version or git revision"))
    }
}
