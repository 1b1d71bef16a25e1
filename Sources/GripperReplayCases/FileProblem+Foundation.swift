import FoundationEssentials
import GripperFiles
#if canImport(Glibc)
import Glibc
#endif

// Foundation's file errors in words, for the code that still calls
// FoundationEssentials' file functions (`FileManager`, `Data(contentsOf:)`):
// replay cases, and the CLI's `replay --expect` and `scenarios`.
// GripperFiles itself imports no Foundation.
extension FileProblem {
    /// The words for any error a file operation threw: `errno` behind a
    /// `POSIXError`, or the `CocoaError` code's meaning; never
    /// "NSCocoaErrorDomain error 512".
    ///
    /// A `CocoaError`'s underlying `POSIXError` is not looked at: the words
    /// stay those of its code, as they were when this went through
    /// Foundation's `NSError` bridging, which does not see it on Linux.
    package static func phrase(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return phrase(errno: posix.code.rawValue) }
        if let cocoa = error as? CocoaError {
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
        return "the file could not be read or written"
    }
}
