import Gripper

/// `gripper test --junit FILE`: the run as JUnit XML, the form CI systems
/// (GitLab, Jenkins, GitHub's test reporters) read. One `testsuite` named
/// `gripper test`; each case a `testcase` whose `classname` is its folder
/// (dots for slashes) and `name` its last part, with a `failure` holding
/// the diff or an `error` holding the bad input's message.
enum JUnitReport {
    static func xml(_ results: [CaseResult], summary: Summary) -> String {
        func attr(_ s: String) -> String { "\"" + Escaping.xml(s) + "\"" }
        // Text content keeps its line breaks; everything else as in an attribute.
        func text(_ s: String) -> String { s.split(separator: "\n", omittingEmptySubsequences: false).map { Escaping.xml(String($0)) }.joined(separator: "\n") }
        func time(_ s: Double) -> String { FixedDecimal.string(s, places: 6) }
        let failures = summary.failed, errors = summary.bad
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"gripper test\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\(attr(time(summary.wall)))>\n"
        out += "  <testsuite name=\"gripper test\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\(attr(time(summary.wall)))>\n"
        for r in results {
            let name = r.file.name
            let slash = name.lastIndex(of: "/")
            let folder = slash.map { String(name[..<$0]) } ?? ""
            let last = slash.map { String(name[name.index(after: $0)...]) } ?? name
            let classname = folder.isEmpty ? "gripper" : String(String.UnicodeScalarView(folder.unicodeScalars.map { $0 == "/" ? "." : $0 }))
            out += "    <testcase classname=\(attr(classname)) name=\(attr(last)) file=\(attr(r.file.expectedPath)) time=\(attr(time(r.seconds)))"
            switch r.status {
            case .passed, .updated:
                out += "/>\n"
            case .failed:
                var body = r.diff.joined(separator: "\n")
                if let timeline = r.timeline { body += (body.isEmpty ? "" : "\n") + "timeline of the actual run: \(timeline)" }
                if let problem = r.timelineProblem { body += (body.isEmpty ? "" : "\n") + "no timeline of the actual run: \(problem)" }
                out += ">\n      <failure type=\"transcript\" message=\(attr(r.message))>" + text(body) + "</failure>\n    </testcase>\n"
            case .bad:
                out += ">\n      <error type=\"bad input\" message=\(attr(r.message))/>\n    </testcase>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }
}
