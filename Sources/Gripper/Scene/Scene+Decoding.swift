import GripperEditing
import GripperGeometry
import GripperLayout

extension Scene {
    /// Reads a scene from the bytes of a JSON file (pure: no file access).
    /// Unknown fields are errors, so a misspelt key does not pass unnoticed.
    /// - Throws: ``SceneError`` naming the file, the line, the field path and the problem.
    public static func decode(_ bytes: [UInt8], fileName: String = "") throws(SceneError) -> Scene {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SceneError(file: fileName, path: "$", line: error.line,
                             problem: "not valid JSON: \(error.message) (column \(error.column))")
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
