/// Fixed-point number formatting that gives the same bytes on every machine
/// and every run (no locale, no shortest-representation guessing): the
/// transcript's and the pictures' number format.
package enum FixedDecimal {
    /// `value` rounded half away from zero to `places` decimals (0…6), as
    /// `-12.50`; non-finite values print as `0`.
    package static func string(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale: Double = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return value < 0 ? "-9e15" : "9e15" }
        let n = Int64(scaled)
        let negative = value < 0 && n != 0
        let whole = n / Int64(scale)
        var out = negative ? "-" : ""
        out += String(whole)
        if places > 0 {
            var fraction = String(n % Int64(scale))
            while fraction.count < places { fraction = "0" + fraction }
            out += "." + fraction
        }
        return out
    }

    /// Microseconds as seconds with six decimals (`1.250000`).
    package static func seconds(microseconds: Int64) -> String {
        let negative = microseconds < 0
        let m = microseconds.magnitude
        var fraction = String(m % 1_000_000)
        while fraction.count < 6 { fraction = "0" + fraction }
        return (negative ? "-" : "") + String(m / 1_000_000) + "." + fraction
    }
}
