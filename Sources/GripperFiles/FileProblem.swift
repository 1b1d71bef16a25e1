import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What went wrong with a file, in a few words a person can act on ("no
/// such file", "permission denied", "no space left on device"): the one
/// place that turns an `errno` or a Foundation file error into text, so no
/// message shows an error domain or code.
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

    /// The words for any error a file operation threw: `errno` behind a
    /// Foundation `CocoaError` or `POSIXError`, or the `CocoaError` code's
    /// meaning; never "NSCocoaErrorDomain error 512".
    package static func phrase(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return phrase(errno: posix.code.rawValue) }
        if let cocoa = error as? CocoaError {
            if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                return phrase(errno: Int32(underlying.code))
            }
            switch cocoa.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return phrase(errno: ENOENT)
            case .fileReadNoPermission, .fileWriteNoPermission: return phrase(errno: EACCES)
            case .fileWriteOutOfSpace: return phrase(errno: ENOSPC)
            case .fileWriteVolumeReadOnly: return phrase(errno: EROFS)
            case .fileWriteFileExists: return phrase(errno: EEXIST)
            case .fileReadInvalidFileName, .fileWriteInvalidFileName: return "invalid file name"
            case .fileReadCorruptFile: return "the file is damaged"
            case .fileReadTooLarge: return "file too large"
            case .fileReadUnknownStringEncoding, .fileReadInapplicableStringEncoding: return "not text in a known encoding"
            default: return "the file could not be read or written"
            }
        }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return phrase(errno: Int32(ns.code)) }
        return "the file could not be read or written"
    }
}
