import ForecastlyBase
import Testing

@Suite struct UserFacingErrorTests {
    /// The guard at the one place every message passes, for errors defined
    /// elsewhere (the CLI's own, a program embedding the library).
    @Test func theLineIsCleanedEvenWhenACaseForgets() {
        struct Careless: UserFacingError {
            var summary: String { "The server said \u{1B}]0;owned\u{7}hello\nthere\u{9B}31m" }
            var advice: String? { "Try \u{1B}[1manother\u{1B}[0m one." }
            let exitStatus = ForecastlyBase.ExitStatus.unavailable  // Testing has an ExitStatus too
        }
        #expect(Careless().userMessage == "The server said hello there. Try another one.")
    }
}
