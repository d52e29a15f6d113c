import JSONRPC

/// The session a document's preview commands run it in (Protocol/README.md 20.3). It
/// belongs to the document, not to a connection: every editor connection that has the
/// document open shares it, and it ends when the last of them closes the document (or
/// leaves) or one says `transitiond.stop`.
struct DocumentPreview {
    /// What the preview does with the document's transition, again after each valid edit.
    enum Mode: Equatable {
        /// `transitiond.play`: started, and left to run.
        case playing
        /// `transitiond.scrub`: started interactive and held at a progress.
        case scrubbing(progress: Double)
    }

    /// The session's id, kept through edits.
    var session: String
    var name: String
    var mode: Mode
    /// The members of the document's `session` that `session/update` cannot change, as
    /// the session was made with them: when an edit changes one, the session is made anew.
    var fixedMembers: JSONObject

    /// The members of `session/create` that a live session cannot take on.
    static let fixedMemberNames = ["clock", "fps", "encoding", "precision", "keepAlive", "name"]

    static func fixedMembers(of params: JSONObject) -> JSONObject {
        var fixed = JSONObject()
        for key in fixedMemberNames {
            if let value = params[key] { fixed[key] = value }
        }
        return fixed
    }
}
