/// A supplementary element's identity before its kind is interned.
struct SupplementaryKey: Hashable {
    var kind: String
    var indexPath: IndexPath
}
