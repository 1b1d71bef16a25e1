import GripperLayout

/// Where the identities of the elements written for C come from.
protocol ElementIdentities {
    /// The identity of the item at `path`, nil when there is none.
    func item(at path: ItemPath) -> UnsafePointer<CChar>?
    /// The identity of section `s`, nil when there is none.
    func section(_ s: Int) -> UnsafePointer<CChar>?
}

/// The engine's model now: pointers read from the handle's table.
extension CIdentities.Reader: ElementIdentities {}
