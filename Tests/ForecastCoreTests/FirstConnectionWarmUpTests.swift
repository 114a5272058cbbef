@testable import NetworkTransport
import NIOHTTP1
import Testing

/// The warm-up's rehearsal must run to the end to ask the questions the first
/// real connection asks: a request encoded, a response head and body decoded.
@Suite struct FirstConnectionWarmUpTests {
    @Test func rehearsalSendsARequestAndReadsTheWholeResponse() throws {
        let rehearsal = try FirstConnectionWarmUp.rehearse()
        #expect(rehearsal.requestBytes >= "GET / HTTP/1.1\r\nhost: localhost\r\n\r\n".utf8.count)
        #expect(rehearsal.status == .ok)
        #expect(rehearsal.bodyBytes == 2)
    }
}
