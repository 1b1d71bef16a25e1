@_spi(Fuzzing) import GripperTesting

/// libFuzzer's entry point for `FuzzTarget.scene` (see its documentation
/// for what it checks); libFuzzer supplies `main`. Built and run by `scripts/fuzz`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.scene.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
