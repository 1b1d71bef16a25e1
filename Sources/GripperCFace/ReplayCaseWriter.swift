// gripper_save_replay_case: a bug report as a replay case — the data at the
// start as a scene (with the delegate's answers for every item), the input
// as a libinput-record trace of the virtual devices, and the transcript a
// replay of the two prints. The only file I/O of libgripper.
import CGripper
import Glibc
import Gripper
import GripperEditing
import GripperGeometry
import GripperInput
import GripperLayout
import GripperScene
import GripperTraces

extension Handle {
    /// The rules the delegate gives `id` at `path`, as a scene item.
    func sceneItem(_ id: ItemID, at path: ItemPath, height: Double?) -> Scene.Item {
        var item = Scene.Item(id: id, label: delegate.accessibilityLabel(for: id), height: height,
                              isEditable: delegate.canEdit(id, at: path), isMovable: delegate.canMove(id, at: path),
                              isSelectable: delegate.canSelect(id, at: path),
                              trailingActions: delegate.trailingActions(for: id, at: path),
                              leadingActions: delegate.leadingActions(for: id, at: path))
        item.menuActions = delegate.menuActions(for: id, at: path)
        return item
    }

    /// The scene of the start: the data and the delegate's answers for
    /// every item, the configuration (the stimuli come from the recording).
    func startScene() throws(CFailure) -> Scene {
        var sections: [Scene.Section] = []
        for (s, id) in start.sectionIDs.enumerated() {
            var items: [Scene.Item] = []
            items.reserveCapacity(start.items[s].count)
            for (i, item) in start.items[s].enumerated() {
                let path = ItemPath(section: s, item: i)
                items.append(sceneItem(item, at: path, height: start.height(ofItemAt: path)))
            }
            sections.append(Scene.Section(id: id, items: items))
        }
        var scene = Scene(viewport: Size(width: config.viewport_width, height: config.viewport_height),
                          metrics: try metrics(of: config), sections: sections,
                          selectionMode: try selectionMode(of: config), movesBetweenSections: true)
        if config.flags & UInt32(GRIPPER_ANNOUNCE) != 0 { scene.announcements = .english }
        // The pinch layouts set last (gripper_set_pinch_layouts: set them before the input).
        scene.pinchLayouts = session.engine.pinchLayouts
        return scene
    }
}

/// Writes `text` to `directory/name`: a new temporary file beside it
/// under an unpredictable name (64 random bits; created with O_EXCL and
/// O_NOFOLLOW, so never through a planted symlink nor over a file; mode
/// 0644 less the umask), written whole, renamed into place.
func writeFile(_ text: String, named name: String, in directory: String) throws(CFailure) {
    var fd: Int32 = -1
    var temporary = ""
    for _ in 0..<100 where fd < 0 {
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        temporary = directory + "/." + name + ".gripper-" + String(repeating: "0", count: 16 - random.count) + random + ".tmp"
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0o644)
        if fd < 0 && errno != EEXIST { break }
    }
    guard fd >= 0 else {
        throw CFailure(GRIPPER_ERROR_IO, "cannot create a file in \(directory): \(String(cString: strerror(errno)))")
    }
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            unlink(temporary)
            throw CFailure(GRIPPER_ERROR_IO, "cannot write \(directory)/\(name): \(why)")
        }
        written += n
    }
    guard fsync(fd) == 0, close(fd) == 0 else {
        let why = String(cString: strerror(errno))
        unlink(temporary)
        throw CFailure(GRIPPER_ERROR_IO, "cannot write \(directory)/\(name): \(why)")
    }
    guard rename(temporary, directory + "/" + name) == 0 else {
        let why = String(cString: strerror(errno))
        unlink(temporary)
        throw CFailure(GRIPPER_ERROR_IO, "cannot write \(directory)/\(name): \(why)")
    }
}

/// Makes `directory` (and what is missing above it) unless it is there;
/// a symlink or a file in its place is refused.
func makeDirectory(_ directory: String) throws(CFailure) {
    var info = stat()
    if lstat(directory, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw CFailure(GRIPPER_ERROR_IO, "\(directory) is there and is not a folder (a symlink or a file)")
        }
        return
    }
    let parent = directory.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    if !parent.isEmpty && parent != directory { try makeDirectory(parent) }
    guard mkdir(directory, 0o755) == 0 || errno == EEXIST else {
        throw CFailure(GRIPPER_ERROR_IO, "cannot create \(directory): \(String(cString: strerror(errno)))")
    }
}

@_cdecl("gripperimpl_save_replay_case")
public func gripperimpl_save_replay_case(_ engine: OpaquePointer?, _ directory: UnsafePointer<CChar>?) -> gripper_status {
    engineCall(engine) { h throws(CFailure) in
        guard let directory else { throw CFailure(GRIPPER_ERROR_NULL, "directory is NULL") }
        guard case .success(let folder)? = cString(directory), !folder.isEmpty else {
            throw CFailure(GRIPPER_ERROR_UTF8, "directory is empty or not valid UTF-8")
        }
        h.lastError = [0]
        guard h.session.recording != nil else {
            throw CFailure(GRIPPER_ERROR_INVALID, "the engine was opened without GRIPPER_RECORD_INPUT: nothing to save")
        }
        // The recording reaches as far as the engine did.
        let entries = h.session.markReached()
        guard let recording = h.session.recording else { return entries }
        let model = h.session.engine.model
        let made: ToolkitCase
        let scene = try h.startScene()
        do throws(ToolkitCase.Problem) {
            made = try ToolkitCase.make(scene: scene, recording: recording,
                                        live: h.session.engine.recordsTranscript ? h.session.engine.transcript : nil) { id in
                // An inserted item: the rules the delegate gives it where it is (or was put).
                var at: ItemPath?
                for (_, stimulus) in recording.stimuli {
                    guard case .batch(let b) = stimulus else { continue }
                    for case .insertItem(let inserted, let p) in b.operations where inserted == id { at = p }
                }
                guard let path = model.indexPath(of: id) ?? at else { return nil }
                return h.sceneItem(id, at: path, height: nil)
            }
        } catch {
            throw CFailure(GRIPPER_ERROR_INVALID, error.description)
        }
        try makeDirectory(folder)
        try writeFile(made.sceneJSON, named: "scene.json", in: folder)
        try writeFile(made.trace, named: "trace.yml", in: folder)
        try writeFile(made.expected, named: "expected.txt", in: folder)
        // Say so when the replay parts from what the app saw.
        if let p = made.parting {
            h.lastError = Array("the replay parts from the live transcript at line \(p.line): live \"\(p.live)\", replay \"\(p.replay)\"".utf8CString)
        }
        return entries
    }
}
