// GripperEvdev: the live shell over libevdev. See Documentation/LiveInput.md.

/// Why an operation on an evdev device node failed, with a message a person
/// can act on.
public struct EvdevError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the shell was doing when it failed.
    public enum Operation: String, Hashable, Sendable {
        /// Opening the node (`open`, `libevdev_new_from_fd`).
        case open
        /// Taking or releasing the exclusive grab (`EVIOCGRAB`).
        case grab
        /// Waiting for input (`poll`).
        case poll
        /// Reading events (`libevdev_next_event`).
        case read
        /// Listing a directory of device nodes.
        case list
        /// Watching udev for devices appearing and disappearing.
        case watch
    }

    /// The failure, classified by what the user can do about it.
    public enum Reason: Hashable, Sendable {
        /// `EACCES`/`EPERM`: the user may not read the node.
        case permissionDenied
        /// `ENOTTY`/`EINVAL`: the node exists but is not an evdev device.
        case notAnEvdevDevice
        /// `ENOENT`: there is no such node.
        case noSuchNode
        /// `ENODEV`/`ENXIO`: the device went away (unplugged, driver unbound).
        case deviceGone
        /// `EBUSY`: another process holds the exclusive grab.
        case busy
        /// Any other `errno`, with the C library's text for it.
        case system(errno: Int32, message: String)
    }

    /// The device node (or directory) concerned.
    public var path: String
    /// What the shell was doing.
    public var operation: Operation
    /// Why it failed.
    public var reason: Reason

    /// Creates an error.
    package init(path: String, operation: Operation, reason: Reason) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    /// One line saying what failed and what to do about it.
    public var description: String {
        switch reason {
        case .permissionDenied:
            return "\(path): permission denied. Gripper needs read access to the device node: "
                + "the gripper package's udev rule lets the group `gripper` read touchscreens, touchpads, "
                + "tablets and mice, never keyboards (sudo usermod -aG gripper $USER, then log in again); "
                + "`gripper devices` says why a node is not readable."
        case .notAnEvdevDevice:
            return "\(path): not an evdev device (the kernel rejected the evdev ioctls); "
                + "pass a node such as /dev/input/eventN — `gripper devices` lists them."
        case .noSuchNode:
            return "\(path): no such device node; `gripper devices` lists the ones present."
        case .deviceGone:
            return "\(path): the device went away (unplugged or its driver was unbound)."
        case .busy:
            return "\(path): another process has grabbed the device exclusively; "
                + "close it (or record without --grab)."
        case .system(let errno, let message):
            return "\(path): \(operation.rawValue) failed: \(message) (errno \(errno))."
        }
    }
}
