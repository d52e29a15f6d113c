import LocalSockets

#if canImport(Glibc)
    import Glibc
#endif

/// `transitiond --remote`: a client's standard input and output joined to a daemon's
/// Unix socket, byte for byte, so an editor that starts `transitiond` over stdio shares
/// one daemon (and its sessions) with other editors and scripts.
///
/// It reads nothing of the protocol: the client's `initialize` reaches the daemon as
/// sent, `processId` included, so the daemon watches the editor's process as it does
/// for any socket client. When the client's input ends, the daemon answers what came
/// before and closes; when the daemon goes away, the forwarder says so on standard
/// error and exits 1.
public enum Forwarder {
    /// Runs until either side closes; returns the exit code.
    public static func run(_ options: ForwarderOptions) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var path: String
        var socket: Int32
        do throws(ForwarderFailure) {
            (path, socket) = try connect(options)
        } catch {
            report(error.description)
            return 1
        }
        var unanswered = UnansweredBytes()
        var replaced = false
        while true {
            let daemon = PeerCredentials.of(socket)?.pid
            let ending = BytePump.run(input: 0, output: 1, socket: socket, unanswered: &unanswered)
            close(socket)
            switch ending {
            case .clientClosed:
                return 0
            case .clientOutputFailed:
                report("standard output closed: stopping")
                return 1
            case .daemonClosed:
                if options.target == .auto, unanswered.isComplete, !replaced {
                    // It closed without a word: it was exiting, idle, as we connected.
                    // The next daemon hears everything the client said.
                    replaced = true
                    do throws(ForwarderFailure) {
                        (path, socket) = try connect(options)
                    } catch {
                        report(error.description)
                        return 1
                    }
                    if BytePump.writeAll(unanswered.bytes[...], to: socket) { continue }
                    close(socket)
                }
                if unanswered.isComplete, !unanswered.bytes.isEmpty {
                    // The client asked and nothing ever came back, even from a daemon
                    // started afresh: exiting 0 would leave the editor guessing.
                    report(Self.unansweredClose(path: path, replaced: replaced))
                    return 1
                }
                // The daemon ends a connection after `exit`, a framing error or a client
                // too far behind; it is gone only when it no longer answers.
                if UnixSocketConnector.stillServes(path) { return 0 }
                let who = daemon.map { "the daemon (pid \($0))" } ?? "the daemon"
                report("\(who) at '\(path)' went away")
                return 1
            }
        }
    }

    /// The socket path and a connection to it.
    private static func connect(_ options: ForwarderOptions) throws(ForwarderFailure) -> (
        String, Int32
    ) {
        switch options.target {
        case .socket(let path):
            do {
                return (path, try UnixSocketConnector.connect(path))
            } catch {
                throw ForwarderFailure("cannot connect to '\(path)': \(error)")
            }
        case .auto:
            let directory: String
            do {
                directory = try SocketPaths.runtimeDirectory()
            } catch {
                throw ForwarderFailure("no runtime directory for the shared daemon: \(error)")
            }
            let launcher = DaemonLauncher(
                socketPath: directory + "/" + SocketPaths.socketName, runtimeDirectory: directory,
                options: options)
            return (launcher.socketPath, try launcher.connect())
        }
    }

    /// Why a daemon closed without a word, as far as the forwarder can tell: a full
    /// filesystem beside the socket stops a daemon from writing its log and files.
    static func unansweredClose(path: String, replaced: Bool) -> String {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        var line =
            "the daemon at '\(path)' closed the connection without answering"
            + (replaced ? ", twice" : "")
        if let full = FilesystemSpace.fullness(of: directory.isEmpty ? "/" : directory) {
            line += ": \(full)"
        }
        return line
    }

    /// One line on standard error (standard output carries only the daemon's bytes).
    private static func report(_ message: String) {
        let line = Array("transitiond: \(message)\n".utf8)
        _ = BytePump.writeAll(line[...], to: 2)
    }
}
