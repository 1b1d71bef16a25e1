#if canImport(Glibc)
import Glibc
#endif

/// Why the user may not read an evdev node, and what to do about it: what
/// `gripper devices` says of a node it could not open for lack of access.
///
/// The gripper package's udev rule (packaging/udev/70-gripper.rules) gives the
/// group `gripper` read access, by an ACL entry, to touchscreens, touchpads,
/// tablets and mice, never to keyboards. The explanation follows that rule:
/// the node is a keyboard, or no pointing device, or udev never saw it, or the
/// rule is not installed or not applied, or the user is not (yet) in the group.
struct NodeAccess: Equatable {
    /// The group the package's udev rule grants read access to.
    static let group = "gripper"

    /// A short name for the case, for `--json` (`access`).
    var code: String
    /// One sentence: what stands in the way and what to do.
    var explanation: String

    /// What the explanation is made of: the node as the system sees it and the
    /// user who ran `gripper devices`.
    struct Facts: Equatable {
        /// The node's path.
        var path: String
        /// The node's owner and group, by name (or number).
        var owner: String
        var group: String
        /// The permission bits (`0o660`).
        var mode: UInt32
        /// Named groups that an ACL entry lets read the node (after the ACL mask).
        var aclReaders: [String]
        /// udev's properties of the node (`E:` lines of /run/udev/data/cMAJOR:MINOR),
        /// or nil when udev has no record of it.
        var udev: [String: String]?
        /// Where udev would keep its record of the node.
        var udevRecord: String
        /// The groups this process runs with.
        var processGroups: Set<String>
        /// Whether the group `gripper` exists, and whether the user is a member
        /// in the group database (which a running login only sees after a new login).
        var gripperGroup: GroupState
    }

    /// The group `gripper` as the group database has it.
    enum GroupState: Equatable {
        /// No such group: the package (its postinst) has not created it.
        case missing
        /// It exists; the user is not a member.
        case notMember
        /// The user is a member in the database.
        case member
    }

    /// The udev properties that make a device one Gripper's rule grants.
    static let pointingKinds = [
        ("ID_INPUT_TOUCHSCREEN", "touchscreen"), ("ID_INPUT_TOUCHPAD", "touchpad"),
        ("ID_INPUT_TABLET", "tablet"), ("ID_INPUT_MOUSE", "mouse"),
    ]

    /// The explanation for `facts`.
    init(_ facts: Facts) {
        let owned = "owned by \(facts.owner):\(facts.group), mode \(String(facts.mode & 0o7777, radix: 8))"
        let join = "sudo usermod -aG \(Self.group) $USER, then log in again"
        guard let udev = facts.udev else {
            self.init(code: "no-udev-record", explanation:
                "\(owned); udev has no record of it (no \(facts.udevRecord)), so no udev rule grants access to it: "
                + "run as a user who can read it, or see Documentation/CLI.md, \"Live input\"")
            return
        }
        if udev["ID_INPUT_KEYBOARD"] == "1" {
            self.init(code: "keyboard", explanation:
                "a keyboard: Gripper's udev rule never grants keyboards, whose nodes carry everything typed on them, "
                + "passwords included; reading one is an explicit opt-in (Documentation/CLI.md, \"Reading a keyboard\")")
            return
        }
        let kinds = Self.pointingKinds.filter { udev[$0.0] == "1" }.map(\.1)
        guard let kind = kinds.first else {
            let what = udev.keys.filter { $0.hasPrefix("ID_INPUT_") && $0 != "ID_INPUT" && udev[$0] == "1" }.sorted()
            self.init(code: "not-pointing", explanation:
                "not a touchscreen, touchpad, tablet or mouse (udev: \(what.isEmpty ? "no ID_INPUT kind" : what.joined(separator: ", "))), "
                + "so Gripper's udev rule leaves it alone; \(owned)")
            return
        }
        let granted = facts.aclReaders.contains(Self.group)
        switch facts.gripperGroup {
        case .missing:
            self.init(code: "no-gripper-group", explanation:
                "a \(kind), \(owned); there is no group \(Self.group): install the gripper package, whose udev rule "
                + "lets that group read touchscreens, touchpads, tablets and mice (Documentation/CLI.md, \"Live input\")")
        case .notMember where granted:
            self.init(code: "not-in-group", explanation:
                "a \(kind) the group \(Self.group) may read, and you are not in it: \(join)")
        case .member where granted && !facts.processGroups.contains(Self.group):
            self.init(code: "log-in-again", explanation:
                "a \(kind) the group \(Self.group) may read; you joined the group after this login began: "
                + "log in again (or start a shell with `newgrp \(Self.group)`)")
        case .notMember, .member:
            if granted {
                self.init(code: "denied", explanation:
                    "a \(kind) the group \(Self.group) may read, and you are in it, yet the kernel refused: \(owned)")
            } else {
                self.init(code: "rule-not-applied", explanation:
                    "a \(kind), \(owned), without the read access Gripper's udev rule gives the group \(Self.group): "
                    + "apply the rule (sudo udevadm trigger --subsystem-match=input --action=change)"
                    + (facts.gripperGroup == .notMember ? ", and \(join)" : ""))
            }
        }
    }

    private init(code: String, explanation: String) {
        self.code = code
        self.explanation = explanation
    }
}

extension NodeAccess.Facts {
    /// The facts of the node at `path` and of this process's user, read from
    /// the file system, the group database and udev's records in
    /// `udevData` (`/run/udev/data`). Nil when the node cannot even be stat'ed.
    static func read(path: String, udevData: String = "/run/udev/data") -> NodeAccess.Facts? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let device = UInt64(info.st_rdev)
        let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff))
        let minor = (device & 0xff) | ((device >> 12) & ~UInt64(0xff))
        let record = "\(udevData)/c\(major):\(minor)"
        let isCharacterDevice = info.st_mode & S_IFMT == S_IFCHR
        let user = getpwuid(geteuid())
        let me = user.map { String(cString: $0.pointee.pw_name) }
        let primaryGroup = user.map { $0.pointee.pw_gid }
        return NodeAccess.Facts(
            path: path,
            owner: userName(of: info.st_uid),
            group: groupName(of: info.st_gid),
            mode: UInt32(info.st_mode),
            aclReaders: aclGroupReaders(path: path).map(groupName(of:)),
            udev: isCharacterDevice ? udevProperties(record) : nil,
            udevRecord: record,
            processGroups: Set(processGroupIDs().map(groupName(of:))),
            gripperGroup: gripperGroupState(userName: me, primaryGroup: primaryGroup)
        )
    }

    private static func userName(of uid: uid_t) -> String {
        guard let entry = getpwuid(uid) else { return String(uid) }
        return String(cString: entry.pointee.pw_name)
    }

    private static func groupName(of gid: gid_t) -> String {
        guard let entry = getgrgid(gid) else { return String(gid) }
        return String(cString: entry.pointee.gr_name)
    }

    private static func processGroupIDs() -> [gid_t] {
        let count = getgroups(0, nil)
        var ids = [gid_t](repeating: 0, count: Int(max(count, 0)))
        let got = ids.withUnsafeMutableBufferPointer { getgroups(count, $0.baseAddress) }
        return Array(ids.prefix(Int(max(got, 0)))) + [getegid()]
    }

    private static func gripperGroupState(userName: String?, primaryGroup: gid_t?) -> NodeAccess.GroupState {
        guard let group = getgrnam(NodeAccess.group) else { return .missing }
        if primaryGroup == group.pointee.gr_gid { return .member }
        var member = group.pointee.gr_mem
        while let name = member?.pointee {
            if let userName, String(cString: name) == userName { return .member }
            member = member?.successor()
        }
        return .notMember
    }

    /// The named groups (ACL_GROUP entries) whose ACL entry, after the mask,
    /// allows reading: the `system.posix_acl_access` attribute is a version
    /// word (2) and 8-byte entries (tag, permissions, id), little-endian.
    private static func aclGroupReaders(path: String) -> [gid_t] {
        guard let getxattr = Self.getxattr else { return [] }
        var bytes = [UInt8](repeating: 0, count: 4 + 8 * 64)
        let size = bytes.withUnsafeMutableBytes { getxattr(path, "system.posix_acl_access", $0.baseAddress, $0.count) }
        guard size >= 4 else { return [] }
        func word16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        func word32(_ at: Int) -> UInt32 { UInt32(word16(at)) | UInt32(word16(at + 2)) << 16 }
        guard word32(0) == 2 else { return [] }
        var readers: [gid_t] = []
        var mask: UInt16 = 7
        for offset in stride(from: 4, to: size - 7, by: 8) {
            let tag = word16(offset), permissions = word16(offset + 2)
            if tag == 0x10 { mask = permissions }  // ACL_MASK
            if tag == 0x08, permissions & 4 != 0 { readers.append(gid_t(word32(offset + 4))) }  // ACL_GROUP with read
        }
        return mask & 4 != 0 ? readers : []
    }

    /// The C library's getxattr(2) wrapper (sys/xattr.h is not part of
    /// Swift's Glibc module), looked up once.
    private static let getxattr: (@convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getxattr") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int).self)
    }()

    /// The `E:KEY=VALUE` lines of a udev database record, or nil without one.
    private static func udevProperties(_ record: String) -> [String: String]? {
        guard let file = fopen(record, "r") else { return nil }
        defer { fclose(file) }
        var properties: [String: String] = [:]
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line).trimmingTrailingNewline()
            guard text.hasPrefix("E:"), let equals = text.firstIndex(of: "=") else { continue }
            properties[String(text[text.index(text.startIndex, offsetBy: 2)..<equals])] = String(text[text.index(after: equals)...])
        }
        return properties
    }
}

private extension String {
    func trimmingTrailingNewline() -> String {
        var text = self
        while let last = text.last, last.isNewline { text.removeLast() }
        return text
    }
}
