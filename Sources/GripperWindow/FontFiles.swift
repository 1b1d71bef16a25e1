#if canImport(Glibc)
import Glibc
#endif

/// The TrueType files the renderer draws text with: a regular and a bold
/// face. By default DejaVu Sans, the SVG pictures' first choice, from
/// Debian's `fonts-dejavu-core`.
public struct FontFiles: Hashable, Sendable {
    /// The regular face.
    public var regular: String
    /// The bold face.
    public var bold: String
    /// Two font files.
    public init(regular: String, bold: String) {
        self.regular = regular
        self.bold = bold
    }
    /// DejaVu Sans and DejaVu Sans Bold where Debian installs them.
    public static let dejaVu = FontFiles(regular: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                         bold: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")

    /// The files, checked to be readable.
    /// - Throws: ``RendererError`` naming a file that is missing.
    func checked() throws(RendererError) -> FontFiles {
        for path in [regular, bold] where access(path, R_OK) != 0 {
            throw RendererError("cannot read the font \(path)",
                                "\(String(cString: strerror(errno))) (Debian: apt-get install fonts-dejavu-core, or --font)")
        }
        return self
    }
}
