/// A touchscreen's calibration: the 2×3 matrix of libinput's
/// `LIBINPUT_CALIBRATION_MATRIX` udev property (and
/// `libinput_device_config_calibration_set_matrix`), applied to positions
/// normalised to the device's axes — 0 at an axis's minimum, 1 at its
/// maximum:
///
/// ```
/// x' = a·x + b·y + c
/// y' = d·x + e·y + f
/// ```
///
/// So `1 0 0 0 1 0` changes nothing, `0 -1 1 1 0 0` turns a panel mounted a
/// quarter turn clockwise, and a calibration tool's output (scale and offset
/// in fractions of the screen) goes in as it is. `FrameCalibrator`
/// applies it to a device's frames.
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    /// The six values `a b c d e f`, row by row.
    public var values: [Double]

    /// The matrix `a b c d e f`.
    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        values = [a, b, c, d, e, f]
    }

    /// Changes nothing.
    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    /// The matrix for a panel mounted turned by `degrees` clockwise (0, 90,
    /// 180 or 270; libinput's matrices), or nil for another angle.
    public static func rotation(degrees: Int) -> CalibrationMatrix? {
        switch degrees {
        case 0: .identity
        case 90: CalibrationMatrix(0, -1, 1, 1, 0, 0)
        case 180: CalibrationMatrix(-1, 0, 1, 0, -1, 1)
        case 270: CalibrationMatrix(0, 1, 0, -1, 0, 1)
        default: nil
        }
    }

    /// Parses six numbers separated by spaces (or tabs), as the udev
    /// property and libinput's tools write them: `"0 -1 1 1 0 0"`.
    /// - Throws: ``CalibrationMatrix/ParseError`` saying what was wrong.
    public init(parsing text: String) throws(ParseError) {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count == 6 else { throw ParseError(text: text, problem: "expected 6 numbers, found \(fields.count)") }
        var values: [Double] = []
        for (index, field) in fields.enumerated() {
            guard let value = Double(field), value.isFinite else {
                throw ParseError(text: text, problem: "value \(index + 1) (\(field)) is not a finite number")
            }
            values.append(value)
        }
        self.values = values
    }

    /// Why a matrix could not be parsed.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text given.
        public var text: String
        /// What was wrong with it.
        public var problem: String
        /// An error for `text`.
        public init(text: String, problem: String) {
            self.text = text
            self.problem = problem
        }
        /// `calibration matrix "…": what was wrong`.
        public var description: String { "calibration matrix \"\(text)\": \(problem)" }
    }

    /// Whether it changes nothing.
    public var isIdentity: Bool { self == .identity }

    /// Whether it turns the x axis into the y axis (a quarter turn, give or
    /// take a calibration): the calibrated device's axes are then the
    /// original's swapped.
    package var swapsAxes: Bool { abs(values[1]) > abs(values[0]) && abs(values[3]) > abs(values[4]) }

    /// `(x, y)` normalised, through the matrix.
    /// - Complexity: O(1).
    package func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (values[0] * x + values[1] * y + values[2], values[3] * x + values[4] * y + values[5])
    }

    /// `a b c d e f`.
    public var description: String {
        values.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int64($0)) : String($0) }.joined(separator: " ")
    }
}

extension CalibrationMatrix {
    /// This matrix, then `next`: a calibration followed by a rotation is
    /// `calibration.followed(by: rotation)`.
    /// - Complexity: O(1).
    package func followed(by next: CalibrationMatrix) -> CalibrationMatrix {
        let m = values, n = next.values
        return CalibrationMatrix(n[0] * m[0] + n[1] * m[3], n[0] * m[1] + n[1] * m[4], n[0] * m[2] + n[1] * m[5] + n[2],
                                 n[3] * m[0] + n[4] * m[3], n[3] * m[1] + n[4] * m[4], n[3] * m[2] + n[4] * m[5] + n[5])
    }
}
