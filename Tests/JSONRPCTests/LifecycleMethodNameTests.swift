import Testing

@testable import JSONRPC

/// `Dispatcher.method(_:is:)`, which finds `initialize` and `shutdown` among the methods
/// of every request, decides as `==` does.
struct LifecycleMethodNameTests {
    @Test func decidesAsStringEquality() {
        let methods = [
            "initialize", "shutdown", "Initialize", "initializ", "initialized", "shutdowN",
            "shut\u{200B}down", "", "bench/unknownMethod", "session/list", "initialize\u{301}",
            "i\u{307}nitialize",
        ]
        for name in [InitializeRequest.method, ShutdownRequest.method] {
            for method in methods {
                #expect(Dispatcher.method(method, is: name) == (method == name), "\(method)")
            }
        }
    }
}
