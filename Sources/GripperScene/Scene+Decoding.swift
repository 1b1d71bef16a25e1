import GripperEditing
import GripperGeometry
import GripperLayout

extension Scene {
    /// Reads a scene from the bytes of a JSON file (pure: no file access).
    /// Unknown fields are errors, so a misspelt key does not pass unnoticed,
    /// and so are repeated keys. The layout is checked here too (for the
    /// sections at the start and every reload), so an engine made from the
    /// scene does not refuse it later.
    /// - Throws: ``SceneError`` naming the file, the line, the field path and
    ///   the problem, quoting at most a short prefix of an offending value.
    public static func decode(_ bytes: [UInt8], fileName: String = "") throws(SceneError) -> Scene {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneError(file: fileName, path: error.path, line: error.line,
                             problem: error.isDuplicateKey ? error.message
                                 : "not valid JSON: \(error.message) (column \(error.column))")
        }
        do {
            return try SceneReader().scene(root)
        } catch {
            var e = error
            e.file = fileName
            throw e
        }
    }

    /// Reads a scene from JSON text.
    public static func decode(_ text: String, fileName: String = "") throws(SceneError) -> Scene {
        try decode(Array(text.utf8), fileName: fileName)
    }
}
