import Foundation
import Testing

/// The runner itself: a run that does not end is killed by its PID at its
/// limit and fails its test, instead of holding the whole suite, saying
/// where its threads waited.
@Suite struct CLIRunnerTests {
    @Test func aRunPastItsLimitIsKilledAndSaysSo() async throws {
        let result = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--watch", "--interval", "1h", "--oneline"], timeLimit: .seconds(2))
        #expect(result.status == SIGKILL && result.killedAtTimeLimit)
        #expect(result.stderr.contains("the test killed this run by its PID after 2.0 seconds"), "\(result.stderr)")
        // Where each thread waited: the main one, named as the program, among them.
        #expect(result.stderr.contains("its threads: forecastly S "), "\(result.stderr)")
    }

    @Test func aRunThatEndsIsNotSaidToBeKilled() async throws {
        let result = try await CLI.run(["--version"], timeLimit: .seconds(60))
        #expect(result.status == 0 && !result.killedAtTimeLimit)
    }
}
