import JSONRPC
import TransitionEngine

/// How attributes travel: one object per element, or columns of flat arrays.
public enum AttributeEncoding: String, CaseIterable, Sendable {
    case objects
    case compact
}
