#if canImport(Glibc)
import Glibc
#endif

/// What went wrong with a file, in a few words a person can act on ("no
/// such file", "permission denied", "no space left on device"): the one
/// place that turns an `errno` into text, so no message shows an error
/// number. (A Foundation file error's words: `phrase(_:)`, in
/// GripperTesting's `FileProblem+Foundation.swift`, beside the code that
/// still calls Foundation's file functions; GripperFiles has no Foundation.)
package enum FileProblem {
    /// The words for `errno` value `code`.
    package static func phrase(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "is a directory"
        case ENOTDIR: return "a part of the path is not a directory"
        case ENOSPC: return "no space left on device"
        case EDQUOT: return "disk quota exceeded"
        case EPIPE: return "broken pipe (the reader went away)"
        case EROFS: return "read-only file system"
        case EFBIG: return "file too large"
        case EIO: return "input/output error"
        case ENAMETOOLONG: return "file name too long"
        case EEXIST: return "already exists"
        default:
            var text = String(cString: strerror(code))
            if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? true {
                text = first.lowercased() + text.dropFirst()
            }
            return text
        }
    }
}
