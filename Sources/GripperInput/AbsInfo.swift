/// The range and resolution of one absolute axis (`struct input_absinfo`).
public struct AbsInfo: Hashable, Sendable {
    /// The axis value when the description was taken.
    public var value: Int32
    /// The smallest value the axis reports.
    public var minimum: Int32
    /// The largest value the axis reports.
    public var maximum: Int32
    /// The kernel's noise filter width.
    public var fuzz: Int32
    /// The dead zone around the centre (joysticks).
    public var flat: Int32
    /// Units per millimetre for position axes (units per radian for
    /// orientation); 0 when the device does not say.
    public var resolution: Int32

    /// Creates an axis description.
    public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// The number of units the axis spans (`maximum - minimum`).
    public var span: Int64 { Int64(maximum) - Int64(minimum) }
}
