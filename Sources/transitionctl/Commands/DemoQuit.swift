import JSONRPC
import TransitionProtocol

/// The user asked the demo to stop (q or Ctrl-C).
struct DemoQuit: Error {}
