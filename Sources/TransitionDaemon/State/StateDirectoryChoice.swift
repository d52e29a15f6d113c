#if canImport(Glibc)
    import Glibc
#endif

/// Where a daemon serving a socket keeps its durable sessions' state files.
public enum StateDirectoryChoice: Sendable, Equatable {
    /// `$XDG_STATE_HOME/transitiond`, else `~/.local/state/transitiond`.
    case standard
    /// `--state-dir DIR`.
    case path(String)
    /// `--no-state`: nothing is written or restored.
    case none

    /// The directory, or why there is none (no `XDG_STATE_HOME` and no `HOME`).
    func resolved() -> Result<String, StateStoreError>? {
        switch self {
        case .none:
            return nil
        case .path(let path):
            return .success(path)
        case .standard:
            if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") {
                return .success(state + "/transitiond")
            }
            guard let home = environment("HOME"), home.hasPrefix("/") else {
                return .failure(
                    StateStoreError(
                        description:
                            "neither XDG_STATE_HOME nor HOME names a directory: no durable sessions (give --state-dir)"
                    ))
            }
            return .success(home + "/.local/state/transitiond")
        }
    }

    private func environment(_ name: String) -> String? {
        guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else {
            return nil
        }
        return value
    }
}

/// Why the state directory cannot be used, or a file not written.
public struct StateStoreError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
