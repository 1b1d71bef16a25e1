import GripperInput
extension String {
    /// The string without trailing spaces and tabs.
    var trimmingTrailingSpace: String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
        return String(s)
    }
}
