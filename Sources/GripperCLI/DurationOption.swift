import ArgumentParser
import GripperInput

/// The `--duration SECONDS` options of `record` and `live`: a positive,
/// finite number of seconds no larger than ``EventTime/maximumSeconds``
/// (so adding it to a clock reading cannot overflow).
enum DurationOption {
    /// `seconds` as a duration, or the usage error that names the option.
    static func duration(_ seconds: Double) throws -> Duration {
        guard seconds > 0, let duration = Duration.microseconds(checkedSeconds: seconds) else {
            throw ValidationError("--duration must be a positive number of seconds up to \(EventTime.maximumSeconds), not \(seconds)")
        }
        return duration
    }
}
