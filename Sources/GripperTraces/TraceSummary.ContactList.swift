import GripperInput
extension TraceSummary {
    /// The contacts of a summary, in the order they began: a random-access
    /// collection stored in fixed chunks, so that millions of contacts grow
    /// by one chunk at a time instead of doubling (and copying) one array.
    public struct ContactList: RandomAccessCollection, Hashable, Sendable {
        private static let chunkSize = 4096
        private var chunks: [[ContactSummary]] = []

        /// An empty list.
        package init() {}

        /// The contacts of `contacts`, in order.
        package init(_ contacts: some Sequence<ContactSummary>) {
            for contact in contacts { append(contact) }
        }

        /// The first index.
        public var startIndex: Int { 0 }
        /// One past the last index.
        public private(set) var endIndex = 0

        /// The contact at `index`.
        public subscript(index: Int) -> ContactSummary {
            chunks[index / Self.chunkSize][index % Self.chunkSize]
        }

        /// Adds a contact at the end.
        /// - Complexity: amortized O(1), no copy of earlier chunks.
        mutating func append(_ contact: ContactSummary) {
            if endIndex % Self.chunkSize == 0 {
                var chunk: [ContactSummary] = []
                chunk.reserveCapacity(Self.chunkSize)
                chunks.append(chunk)
            }
            chunks[chunks.count - 1].append(contact)
            endIndex += 1
        }

        /// Changes the contact at `index` in place.
        mutating func update(at index: Int, _ change: (inout ContactSummary) -> Void) {
            change(&chunks[index / Self.chunkSize][index % Self.chunkSize])
        }

        /// Whether both lists hold the same contacts in the same order.
        public static func == (a: ContactList, b: ContactList) -> Bool { a.elementsEqual(b) }

        /// Hashes the contacts in order.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for contact in self { hasher.combine(contact) }
        }
    }
}
