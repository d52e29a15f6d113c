/// Where a section's items sit: on a uniform grid (nothing stored per item), or on
/// lines of items of different sizes.
enum ItemArrangement: Sendable {
    case uniform(UniformGrid)
    case lines(LineTable)
}
