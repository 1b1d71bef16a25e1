import Foundation
import GripperTesting
import Testing

/// The `gripper` binary links no Foundation proper, and so no ICU and its
/// data (some 45 MB of a 60 MB binary; `Documentation/Install.md`, "Size"):
/// no module it links imports `Foundation`, `FoundationInternationalization`,
/// `FoundationNetworking` or `FoundationXML` (`FoundationEssentials` is
/// fine), and it links no test support. A scan of the sources, cheap enough
/// for every run: a change that would bring ICU back fails here, naming the
/// file and the line.
@Suite struct NoFoundationTests {
    /// The modules whose import pulls in ICU.
    static let banned: Set<String> = ["Foundation", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"]

    /// `Package.swift`'s text.
    static func manifest() throws -> String {
        try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    }

    /// The targets of this package that `target` depends on in
    /// `Package.swift` (names in quotes in its `dependencies: […]`; products
    /// of other packages left out), or nil when the manifest declares no
    /// target of that name.
    static func dependencies(of target: String, in manifest: String) -> [String]? {
        let kinds = [".target", ".executableTarget", ".systemLibrary"]
        guard let start = manifest.range(of: #"\.(target|executableTarget|systemLibrary)\(\s*name:\s*""# + target + "\"",
                                         options: .regularExpression) else { return nil }
        // The declaration runs to the next target's.
        let rest = manifest[start.upperBound...]
        let end = kinds.compactMap { rest.range(of: "\n        \($0)(")?.lowerBound }.min()
            ?? rest.range(of: "\n        .testTarget(")?.lowerBound ?? rest.endIndex
        let declaration = String(rest[..<end])
        guard let open = declaration.range(of: "dependencies: [") else { return [] }
        var list = String(declaration[open.upperBound...])
        if let close = list.range(of: "]") { list = String(list[..<close.lowerBound]) }
        // `.product(name: "ArgumentParser", package: "swift-argument-parser")`: another package's.
        while let product = list.range(of: #"\.product\([^)]*\)"#, options: .regularExpression) {
            list.removeSubrange(product)
        }
        var names: [String] = []
        var scanner = list[...]
        while let quote = scanner.firstIndex(of: "\"") {
            let after = scanner[scanner.index(after: quote)...]
            guard let close = after.firstIndex(of: "\"") else { break }
            names.append(String(after[..<close]))
            scanner = after[after.index(after: close)...]
        }
        return names
    }

    /// `GripperCLI` and every target of this package it depends on, directly or not.
    static func linkedByTheCLI() throws -> Set<String> {
        let text = try manifest()
        var found: Set<String> = []
        var pending = ["GripperCLI"]
        while let target = pending.popLast() {
            guard found.insert(target).inserted else { continue }
            let direct = try #require(dependencies(of: target, in: text), "Package.swift declares no target \(target)")
            pending += direct
        }
        return found
    }

    /// The module an import line names when it is one of `banned`:
    /// `import Foundation`, `@preconcurrency import Foundation`, `internal
    /// import FoundationNetworking`, `import struct Foundation.URL` …
    static func bannedImport(_ line: Substring) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        if let first = words.first, ["public", "package", "internal", "fileprivate", "private"].contains(first) {
            words.removeFirst()
        }
        guard words.first == "import" else { return nil }
        words.removeFirst()
        if words.count > 1 { words.removeFirst() }  // `struct`, `class`, `func` …
        guard let name = words.first?.split(separator: ".").first.map(String.init) else { return nil }
        return banned.contains(name) ? name : nil
    }

    @Test func theCLIDependsOnNoTestSupport() throws {
        let linked = try Self.linkedByTheCLI()
        #expect(linked.isSuperset(of: ["GripperCLI", "Gripper", "GripperFiles", "GripperReplayCases", "GripperScripting"]),
                "\(linked.sorted())")
        #expect(!linked.contains("GripperTesting"), "\(linked.sorted())")
    }

    @Test func noModuleTheCLILinksImportsFoundation() throws {
        var offending: [String] = []
        var scanned = 0
        for target in try Self.linkedByTheCLI().sorted() {
            let folder = Fixtures.packageRoot.appendingPathComponent("Sources/\(target)")
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                scanned += 1
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if let module = Self.bannedImport(line) {
                        offending.append("Sources/\(target)/\(file):\(number + 1): imports \(module)")
                    }
                }
            }
        }
        #expect(scanned > 100, "only \(scanned) files scanned: is Fixtures.packageRoot right?")
        #expect(offending.isEmpty, "the gripper binary would link ICU again:\n\(offending.joined(separator: "\n"))")
    }

    @Test func theImportScanSeesEveryForm() {
        #expect(Self.bannedImport("import Foundation") == "Foundation")
        #expect(Self.bannedImport("@preconcurrency import Foundation") == "Foundation")
        #expect(Self.bannedImport("internal import FoundationNetworking") == "FoundationNetworking")
        #expect(Self.bannedImport("import struct Foundation.URL") == "Foundation")
        #expect(Self.bannedImport("@_implementationOnly import FoundationXML") == "FoundationXML")
        #expect(Self.bannedImport("import FoundationEssentials") == nil)
        #expect(Self.bannedImport("import GripperFiles") == nil)
        #expect(Self.bannedImport("// import Foundation") == nil)
    }
}
