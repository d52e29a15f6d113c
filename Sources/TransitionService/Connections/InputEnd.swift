/// Whether, and how, a connection's input ended.
enum InputEnd: Equatable {
    case notYet
    /// It ended behind messages not handled yet: the end is handled after them.
    case pending(error: Int32?)
    /// Handled; `failed` when it ended with an error (a reset: nothing can reach the
    /// client any more).
    case ended(failed: Bool)
}
