/// A named value that a layout declares per element and transitions animate with the
/// frames (the classmethod sample's background and label colours, a label offset).
public struct CustomValue: Hashable, Sendable {
    public var name: String
    public var value: AnimatableValue

    public init(name: String, value: AnimatableValue) {
        self.name = name
        self.value = value
    }
}
