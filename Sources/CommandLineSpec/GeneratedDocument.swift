/// The hidden options that print a generated document instead of running:
/// `--generate-man` and `--generate-completion <shell>`, given first.
public enum GeneratedDocument {
    public struct UnknownShell: Error {
        public var message: String
    }

    /// The document `arguments` (without the program name) ask for, or nil when they
    /// ask for none. The spec is built only when a document is asked for: a daemon
    /// starting to serve has no use for its help texts.
    public static func requested(
        by arguments: [String], spec: @autoclosure () -> CommandSpec, version: String
    )
        throws(UnknownShell) -> String?
    {
        switch arguments.first {
        case "--generate-man":
            return spec().manPage(version: version)
        case "--generate-completion":
            let shells = CommandSpec.Shell.allCases.map(\.rawValue)
            guard arguments.count == 2, let shell = CommandSpec.Shell(rawValue: arguments[1]) else {
                throw UnknownShell(
                    message: "--generate-completion takes one of \(shells.joined(separator: ", "))")
            }
            return spec().completion(for: shell)
        default:
            return nil
        }
    }
}
