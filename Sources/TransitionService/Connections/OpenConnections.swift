/// The open connections in the order they were opened (so by id), found by binary
/// search.
///
/// Not a `Dictionary`: the first dictionary keyed by `Int` makes the Swift runtime
/// search every protocol conformance in the executable (for `Int: Hashable`), and the
/// first connection opens before the daemon's first reply. A daemon has a handful of
/// connections; a search is a few comparisons.
package struct OpenConnections {
    /// Sorted by id: ids only grow, so opening appends.
    package private(set) var all: [Connection] = []

    package var count: Int { all.count }
    package var isEmpty: Bool { all.isEmpty }

    package subscript(id: ConnectionID) -> Connection? {
        guard let position = position(of: id) else { return nil }
        return all[position]
    }

    /// Adds a connection whose id is larger than any open one's.
    mutating func append(_ connection: Connection) {
        precondition(all.last.map { $0.id < connection.id } ?? true, "connection ids only grow")
        all.append(connection)
    }

    mutating func remove(_ id: ConnectionID) {
        if let position = position(of: id) { all.remove(at: position) }
    }

    private func position(of id: ConnectionID) -> Int? {
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            let middleID = all[middle].id
            if middleID == id { return middle }
            if middleID < id { low = middle + 1 } else { high = middle }
        }
        return nil
    }
}
