import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Gripper

/// Whether `text` is well-formed XML (Foundation's parser, libxml2 underneath).
/// (Linux's XMLParser can return true from `parse()` and still report an error.)
func wellFormed(_ text: String) -> Bool {
    let parser = XMLParser(data: Data(text.utf8))
    return parser.parse() && parser.parserError == nil
}

/// An SVG document read back into elements, so tests check a picture's
/// geometry (clip rectangles, gradients, where a rect is drawn) rather than
/// search its text.
final class SVGNode {
    let name: String
    let attributes: [String: String]
    private(set) var children: [SVGNode] = []
    private(set) weak var parent: SVGNode?
    /// The character data directly inside the element (a `<text>`'s string).
    fileprivate(set) var text = ""

    init(name: String, attributes: [String: String], parent: SVGNode?) {
        self.name = name
        self.attributes = attributes
        self.parent = parent
        parent?.children.append(self)
    }

    subscript(_ key: String) -> String? { attributes[key] }

    func number(_ key: String) -> Double? { attributes[key].flatMap(Double.init) }

    /// The element's `x`, `y`, `width`, `height` as a rect (a `<rect>`).
    var rect: Rect? {
        guard let x = number("x"), let y = number("y"), let w = number("width"), let h = number("height") else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// The element and every element below it, in document order.
    var all: [SVGNode] { [self] + children.flatMap(\.all) }

    /// The elements above this one, nearest first.
    var ancestors: [SVGNode] {
        var out: [SVGNode] = []
        var p = parent
        while let node = p { out.append(node); p = node.parent }
        return out
    }

    /// The element whose `id` is `id`.
    func element(id: String) -> SVGNode? { all.first { $0["id"] == id } }

    /// The id in a `url(#id)` reference held by `key`.
    func reference(_ key: String) -> String? {
        guard let v = attributes[key], v.hasPrefix("url(#"), v.hasSuffix(")") else { return nil }
        return String(v.dropFirst(5).dropLast())
    }

    /// The classes in `class`.
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }

    /// Parses `svg`; nil when it is not well-formed XML.
    static func parse(_ svg: String) -> SVGNode? {
        let builder = Builder()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = builder
        guard parser.parse(), parser.parserError == nil else { return nil } // Linux's parse() can be true despite an error
        return builder.root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: SVGNode?
        var current: SVGNode?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let node = SVGNode(name: name, attributes: attributes, parent: current)
            if root == nil { root = node }
            current = node
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            current = current?.parent
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            current?.text += string
        }
    }
}
