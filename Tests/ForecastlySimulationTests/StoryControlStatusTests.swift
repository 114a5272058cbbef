@testable import ForecastlySimulation
import Testing

/// `simulate ctl status` reads a socket an environment variable names: its
/// answer is outside data, described without a trap or a control character.
@Suite struct StoryControlStatusTests {
    @Test func aServedStorysStatusReadsAsLines() {
        let text = StoryControlClient.describe([
            "storyTime": "12s", "paused": true,
            "gpsd": ["receiver": "fix", "position": [69.65, 18.95], "port": 2947, "clients": [["peer": "127.0.0.1:5000", "watching": true, "positionsTold": 3]]],
            "weather": ["mode": "normal", "forecastRequests": 2, "url": "http://127.0.0.1:8080"],
        ])
        #expect(text.hasPrefix("Story time  12s (paused)\nReceiver    fix, position 69.65,18.95, gpsd on 127.0.0.1:2947\n"), "\(text)")
        #expect(text.contains("Client      127.0.0.1:5000: watching, told 3 positions"))
    }

    @Test(arguments: [[Double](), [1.0], [1, 2, 3]])
    func aPositionThatIsNotTwoNumbersIsNone(position: [Double]) {
        let text = StoryControlClient.describe(["storyTime": "1s", "gpsd": ["position": position]])
        #expect(text.contains("position none,"), "\(text)")
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        let text = StoryControlClient.describe(["storyTime": "\u{1B}[2J1s", "gpsd": ["receiver": "fix\u{07}\r", "clients": [["peer": "\u{1B}]0;title\u{07}"]]]])
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(text.debugDescription)")
        #expect(text.split(separator: "\n").count == 5)
    }
}
