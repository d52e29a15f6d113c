import ProjectVersion

/// The name and version that `--version` prints and `initialize` sends.
enum Version {
    static let name = "transitionctl"
    static let number = ProjectVersion.number
}
