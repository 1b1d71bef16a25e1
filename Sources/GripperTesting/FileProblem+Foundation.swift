import Foundation
import GripperFiles

// Foundation's file errors in words, for the code that still calls
// Foundation's file functions (replay cases, and the CLI's `replay` and
// `scenarios`); GripperFiles itself imports no Foundation.
extension FileProblem {
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
