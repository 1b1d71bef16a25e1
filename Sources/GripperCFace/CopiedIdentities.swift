import GripperEditing
import GripperLayout

/// A model the engine has moved on from (a transition's before and
/// after): each identity looked up in it and copied out as the handle
/// hands strings out, valid until the engine's next call.
struct CopiedIdentities: ElementIdentities {
    let handle: Handle
    let model: CollectionModel

    func item(at path: ItemPath) -> UnsafePointer<CChar>? {
        model.item(at: path).map { handle.handOut($0.rawValue) }
    }

    func section(_ s: Int) -> UnsafePointer<CChar>? {
        model.sections.indices.contains(s) ? handle.handOut(model.sections[s].id.rawValue) : nil
    }
}
