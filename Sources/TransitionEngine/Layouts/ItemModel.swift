/// All sections of a session, in order.
public struct ItemModel: Hashable, Sendable {
    public var sections: [SectionModel]

    public init(sections: [SectionModel]) {
        self.sections = sections
    }

    /// A model of one section with `count` items and nothing per item.
    public init(count: Int) {
        self.init(sections: [SectionModel(count: count)])
    }

    public var totalCount: Int { sections.reduce(0) { $0 + $1.count } }

    public func count(in section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    public func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.item >= 0 && indexPath.item < count(in: indexPath.section)
    }

    /// The stable id of the item, when the section has ids.
    @inlinable
    public func id(at indexPath: IndexPath) -> ItemID? {
        guard sections.indices.contains(indexPath.section),
            let ids = sections[indexPath.section].ids, ids.indices.contains(indexPath.item)
        else { return nil }
        return ids[indexPath.item]
    }

    /// Checks counts, ids and sizes against each other and the limits.
    /// - Parameter field: the path of the sections in the caller's input, for errors.
    public func validate(
        limits: LayoutLimits = LayoutLimits(), field: String = "sections"
    ) throws(ValidationError) {
        guard sections.count <= limits.maxSections else {
            throw ValidationError(
                field: field,
                message: "\(sections.count) sections exceed the limit of \(limits.maxSections)",
                limit: limits.maxSections)
        }
        var total = 0
        for (s, section) in sections.enumerated() {
            func here() -> String { "\(field)[\(s)]" }
            guard section.count >= 0 else {
                throw ValidationError(field: "\(here()).items", message: "must be an integer >= 0")
            }
            // Compared before adding, so no count can overflow the total.
            guard section.count <= limits.maxItems - total else {
                throw ValidationError(
                    field: "\(here()).items",
                    message:
                        "the item count exceeds the limit of \(limits.maxItems) items per session",
                    limit: limits.maxItems)
            }
            total += section.count
            if let ids = section.ids {
                guard ids.count == section.count else {
                    throw ValidationError(
                        field: "\(here()).ids",
                        message: "expected \(section.count) ids (one per item), got \(ids.count)")
                }
                var seen = Set<ItemID>(minimumCapacity: ids.count)
                for (i, id) in ids.enumerated() where !seen.insert(id).inserted {
                    throw ValidationError(
                        field: "\(here()).ids[\(i)]",
                        message: "duplicate id \(id); ids must be unique")
                }
            }
            if let sizes = section.sizes {
                guard sizes.count == section.count else {
                    throw ValidationError(
                        field: "\(here()).sizes",
                        message:
                            "expected \(section.count) sizes (one per item), got \(sizes.count)")
                }
                for (i, size) in sizes.enumerated() {
                    try ValidationError.checkSize(size, field: "\(here()).sizes[\(i)]")
                }
            }
        }
    }
}
