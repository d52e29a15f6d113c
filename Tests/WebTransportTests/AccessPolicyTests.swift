import Testing

@testable import WebTransport

struct AccessPolicyTests {
    let policy = WebAccessPolicy(
        token: "secret", port: 9000, allowedOrigins: ["https://design.example"])

    private func request(
        target: String = "/?token=secret", host: String? = "127.0.0.1:9000", origin: String? = nil
    ) -> HTTPRequestHead {
        var headers: [(name: String, value: String)] = []
        if let host { headers.append(("host", host)) }
        if let origin { headers.append(("origin", origin)) }
        return HTTPRequestHead(method: "GET", target: target, version: "HTTP/1.1", headers: headers)
    }

    @Test func tokenIsRequired() {
        #expect(policy.refusal(of: request()) == nil)
        #expect(policy.refusal(of: request(target: "/")) == .missingToken)
        #expect(policy.refusal(of: request(target: "/?token=secreT")) == .wrongToken)
        #expect(policy.refusal(of: request(target: "/?token=")) == .wrongToken)
        #expect(policy.refusal(of: request(target: "/?tok=secret")) == .missingToken)
    }

    @Test func hostMustBeLoopbackWithThePort() {
        for good in [
            "127.0.0.1:9000", "localhost:9000", "LOCALHOST:9000", "[::1]:9000", "127.1.2.3:9000",
        ] {
            #expect(policy.refusal(of: request(host: good)) == nil, "\(good)")
        }
        for bad in [
            "evil.example:9000", "127.0.0.1:9001", "127.0.0.1", "localhost.evil.example:9000",
            "128.0.0.1:9000", "0x7f.0.0.1:9000", "[::2]:9000", "127.0.0.1:", "",
        ] {
            #expect(policy.refusal(of: request(host: bad)) == .host(bad), "\(bad)")
        }
        #expect(policy.refusal(of: request(host: nil)) == .host(nil))
        let twoHosts = HTTPRequestHead(
            method: "GET", target: "/?token=secret", version: "HTTP/1.1",
            headers: [("host", "127.0.0.1:9000"), ("host", "evil:9000")])
        #expect(policy.refusal(of: twoHosts) != nil)
        let remote = WebAccessPolicy(token: "secret", port: 9000, extraHosts: ["192.168.1.5"])
        #expect(remote.refusal(of: request(host: "192.168.1.5:9000")) == nil)
    }

    @Test func originMustBeAbsentOwnOrAllowed() {
        #expect(policy.refusal(of: request(origin: "http://127.0.0.1:9000")) == nil)
        #expect(policy.refusal(of: request(origin: "http://localhost:9000")) == nil)
        #expect(policy.refusal(of: request(origin: "https://design.example")) == nil)
        for bad in [
            "https://evil.example", "http://127.0.0.1:9001", "null", "https://127.0.0.1:9000",
            "http://localhost:9000/x", "https://design.example.evil",
        ] {
            #expect(policy.refusal(of: request(origin: bad)) == .origin(bad), "\(bad)")
        }
    }
}
