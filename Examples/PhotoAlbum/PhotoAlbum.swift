import Gripper

/// One photo of the app's own storage.
struct Photo: Sendable {
    /// The photo's stable identity (the engine's ``ItemID``).
    var id: String
}

/// The album: favourites, then the library. The engine's data source and
/// the storage its loop mirrors the user's edits into.
struct Album: MirroredStorage {
    var favourites: [Photo]
    var library: [Photo]

    init(favourites: Int, library: Int) {
        self.favourites = (0..<favourites).map { Photo(id: "f\($0)") }
        self.library = (0..<library).map { Photo(id: "p\($0)") }
    }

    var numberOfSections: Int { 2 }
    func sectionID(at section: Int) -> SectionID { section == 0 ? "favourites" : "library" }
    func numberOfItems(inSection section: Int) -> Int { section == 0 ? favourites.count : library.count }
    func itemID(at indexPath: ItemPath) -> ItemID {
        ItemID(indexPath.section == 0 ? favourites[indexPath.item].id : library[indexPath.item].id)
    }

    /// Every identity, section by section.
    var sections: [[ItemID]] { [favourites.map { ItemID($0.id) }, library.map { ItemID($0.id) }] }

    mutating func removeElement(at path: ItemPath) -> Photo {
        path.section == 0 ? favourites.remove(at: path.item) : library.remove(at: path.item)
    }

    mutating func insertElement(_ photo: Photo, at path: ItemPath) {
        if path.section == 0 { favourites.insert(photo, at: path.item) } else { library.insert(photo, at: path.item) }
    }
}
