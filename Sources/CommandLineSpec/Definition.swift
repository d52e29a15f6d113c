/// A term and its explanation: an argument, a subcommand, a line of a script format.
public struct Definition: Sendable, Equatable {
    public var term: String
    public var text: String

    public init(_ term: String, _ text: String) {
        self.term = term
        self.text = text
    }
}
