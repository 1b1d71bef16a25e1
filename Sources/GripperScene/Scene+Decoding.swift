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
    /// - Complexity: O(input + n) over the scene's items. The document's
    ///   tree is released before the layout is made (see
    ///   "Memory" in `Documentation/Scenes.md`).
    public static func decode(_ bytes: [UInt8], fileName: String = "") throws(SceneError) -> Scene {
        do {
            let scene = try read(bytes, fileName: fileName)
            try SceneReader().checkLayout(scene) { field in
                // Only on an error: the tree again, for the field's line.
                (try? JSONParser.parse(bytes)).map { SceneReader.value(at: field, in: $0) } ?? nil
            }
            return scene
        } catch {
            var e = error
            if e.file.isEmpty { e.file = fileName }
            throw e
        }
    }

    /// The scene of the document in `bytes`, its layout not yet checked;
    /// the document's tree lives only as long as this call.
    private static func read(_ bytes: [UInt8], fileName: String) throws(SceneError) -> Scene {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneError(file: fileName, path: error.path, line: error.line,
                             problem: error.isDuplicateKey ? error.message
                                 : "not valid JSON: \(error.message) (column \(error.column))")
        }
        return try SceneReader().scene(root)
    }

    /// Reads a scene from JSON text.
    public static func decode(_ text: String, fileName: String = "") throws(SceneError) -> Scene {
        try decode(Array(text.utf8), fileName: fileName)
    }
}
