import Testing

@testable import WebTransport

/// Issue 29: `--allow-origin http://127.0.0.1:8765/` was taken and never matched a
/// browser's Origin, nor did `http://LOCALHOST:5173`. Origins are normalised at start
/// (a path refused with the origin meant) and compared normalised.
struct WebOriginTests {
    @Test func originsAreWrittenAsABrowserSendsThem() throws {
        #expect(try WebOrigin.normalized("http://LOCALHOST:5173") == "http://localhost:5173")
        #expect(try WebOrigin.normalized("HTTPS://Design.Example") == "https://design.example")
        #expect(try WebOrigin.normalized("http://localhost:80") == "http://localhost")
        #expect(try WebOrigin.normalized("https://a.example:443") == "https://a.example")
        #expect(try WebOrigin.normalized("https://a.example:8443") == "https://a.example:8443")
        #expect(try WebOrigin.normalized("http://[::1]:8080") == "http://[::1]:8080")
        #expect(
            try WebOrigin.normalized("chrome-extension://abcdef") == "chrome-extension://abcdef")
    }

    @Test func whatNoBrowserSendsIsRefusedSayingWhy() {
        #expect(throws: WebOrigin.Problem.path(suggestion: "http://127.0.0.1:8765")) {
            try WebOrigin.normalized("http://127.0.0.1:8765/")
        }
        #expect(throws: WebOrigin.Problem.path(suggestion: "http://localhost:5173")) {
            try WebOrigin.normalized("http://localhost:5173/app?x=1")
        }
        #expect(throws: WebOrigin.Problem.noScheme) { try WebOrigin.normalized("localhost:5173") }
        #expect(throws: WebOrigin.Problem.noScheme) { try WebOrigin.normalized("://x") }
        #expect(throws: WebOrigin.Problem.userInfo) { try WebOrigin.normalized("http://u@x") }
        #expect(throws: WebOrigin.Problem.badHost) { try WebOrigin.normalized("http://") }
        #expect(throws: WebOrigin.Problem.badHost) { try WebOrigin.normalized("http://a b") }
        #expect(throws: WebOrigin.Problem.badPort) { try WebOrigin.normalized("http://x:http") }
        #expect(throws: WebOrigin.Problem.badPort) { try WebOrigin.normalized("http://x:0") }
        #expect(throws: WebOrigin.Problem.badPort) { try WebOrigin.normalized("http://x:70000") }
        #expect(
            WebOrigin.Problem.path(suggestion: "http://a:1").description
                == "an origin has no path (a browser sends http://a:1)")
    }

    @Test func anAllowedOriginMatchesWhateverItsCase() {
        let policy = WebAccessPolicy(
            token: "t", port: 9000,
            allowedOrigins: ["http://LOCALHOST:5173", "https://x.example:443"])
        #expect(policy.isAcceptedOrigin("http://localhost:5173"))
        #expect(policy.isAcceptedOrigin("https://x.example"))
        #expect(!policy.isAcceptedOrigin("http://localhost:5174"))
        #expect(!policy.isAcceptedOrigin("null"))
        let everyone = WebAccessPolicy(token: "t", port: 9000, allowedOrigins: ["*"])
        #expect(everyone.isAcceptedOrigin("https://evil.example"))
    }
}
