import JSONRPC
import TransitionEngine

/// How attributes travel: one object per element, columns of flat arrays, or (ticks on a
/// connection that carries binary frames) typed columns in a binary frame, with results
/// written as `compact`.
public enum AttributeEncoding: String, CaseIterable, Sendable {
    case objects
    case compact
    case binary
}
