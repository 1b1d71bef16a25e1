@_spi(Fuzzing) import GripperTesting

/// libFuzzer's entry point for `FuzzTarget.testFolder` (see
/// `FolderFuzzDriver` for what it builds and checks); libFuzzer supplies
/// `main`. Built and run by `scripts/fuzz`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestFolder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.testFolder.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
