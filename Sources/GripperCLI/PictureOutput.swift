import FoundationEssentials
import Gripper
import GripperFiles
import GripperPictures
#if canImport(Glibc)
import Glibc
#endif

/// Where `replay --svg DIR --html FILE` puts its pictures, written as the
/// replay draws them so that none is kept in memory: each SVG file and the
/// page are written to a temporary file beside it (`FileOutput`'s
/// replacing mode) and renamed to their own name once complete — an SVG when
/// it is written, the page when the run has ended and the transcript is on
/// it. A write error exits 2 naming the file; the temporary files go, and so
/// does a page left at `FILE` by an earlier run when it is a regular file,
/// so no page looks finished that is not this run's. Nothing else is ever
/// removed: `FILE` as a device (`--html /dev/full`), a FIFO, a folder or a
/// symbolic link stays as it was.
final class PictureOutput {
    private let svgDirectory: String?
    private let html: String?
    private var page: FileOutput?
    private var count = 0
    private var lastOffset: Int64?

    /// Creates the folder for `svgDirectory` and starts the page at `html`
    /// (titled `title`), when given.
    /// - Throws: the exit for bad input (2), the message on stderr naming the file.
    init(svgDirectory: String?, html: String?, title: String) throws {
        self.svgDirectory = svgDirectory
        self.html = html
        if let svgDirectory { try Self.makeDirectory(svgDirectory) }
        if let html {
            page = try Self.open(html)
            try Self.write(TimelinePage.head(title: title), to: page, naming: html)
        }
    }

    /// The name of picture `index` (0-based) in the SVG folder.
    static func svgName(_ index: Int) -> String {
        let number = String(index + 1)
        return "frame-" + String(repeating: "0", count: max(0, 4 - number.count)) + number + ".svg"
    }

    /// Writes one picture: its SVG file, and its part of the page.
    func add(_ frame: TimelinePage.Frame) throws {
        do {
            if let svgDirectory {
                let path = URL(fileURLWithPath: svgDirectory).appendingPathComponent(Self.svgName(count)).path
                let sink = try Self.open(path)
                try Self.write(frame.svg, to: sink, naming: path)
                try Self.commit(sink, path)
            }
            if let html { try Self.write(TimelinePage.frame(frame), to: page, naming: html) }
            count += 1
            lastOffset = frame.offset
        } catch {
            abandon()
            throw error
        }
    }

    /// Ends the page with the transcript and gives it its own name.
    func finish(transcript: Transcript) throws {
        guard let html, let sink = page else { return }
        do {
            try Self.write(TimelinePage.tail(transcript: transcript, lastFrameOffset: lastOffset), to: sink, naming: html)
            page = nil
            try Self.commit(sink, html)
        } catch {
            abandon()
            throw error
        }
    }

    /// Removes what a failed run leaves: the page's temporary file and a
    /// page of an earlier run at its name when that is a regular file — not
    /// a device, a FIFO or a symbolic link (an SVG's temporary file goes
    /// with its uncommitted output).
    func abandon() {
        page = nil
        if let html { RegularFile.removeIfRegular(html) }
    }

    // MARK: - The one path to the file system

    /// Opens `path` for writing through a temporary file that ``commit(_:_:)``
    /// renames into place.
    private static func open(_ path: String) throws -> FileOutput {
        do {
            return try FileOutput(path: path, replacing: true)
        } catch {
            throw BadInput.fail(error.description)
        }
    }

    /// Writes `text`; an error exits 2 naming `path`.
    private static func write(_ text: String, to sink: FileOutput?, naming path: String) throws {
        guard let sink else { return }
        do {
            try sink.write(text)
        } catch {
            throw BadInput.fail(error.description)
        }
    }

    /// Completes `sink`: its temporary file becomes `path`.
    private static func commit(_ sink: FileOutput, _ path: String) throws {
        do {
            try sink.commit()
        } catch {
            throw BadInput.fail(error.description)
        }
    }

    /// Creates `path` and the folders above it (as `mkdir -p`), naming the
    /// folder and the system's reason when it cannot.
    private static func makeDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                throw BadInput.fail("\(path): cannot create the folder for pictures: \(String(cString: strerror(errno)))")
            }
            prefix += "/"
        }
        var isFolder = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder else {
            throw BadInput.fail("\(path): cannot put pictures there: it is not a folder")
        }
    }
}
