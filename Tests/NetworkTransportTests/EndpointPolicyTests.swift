@testable import NetworkTransport
import Testing

@Suite struct LoopbackHostTests {
    @Test(arguments: [
        ("localhost", true), ("LOCALHOST", true), ("127.0.0.1", true), ("127.255.0.9", true),
        ("::1", true), ("[::1]", true), ("[127.0.0.1]", true),
        ("128.0.0.1", false), ("127.0.0", false), ("127.0.0.256", false), ("[::2]", false),
        ("localhost.example.com", false), ("[localhost", false), ("", false),
    ])
    func loopback(host: String, expected: Bool) {
        #expect(EndpointPolicy.isLoopback(host: host) == expected)
    }
}
