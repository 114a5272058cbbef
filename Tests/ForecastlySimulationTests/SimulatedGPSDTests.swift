import Foundation
import ForecastlySimulation
import Testing

/// What `simulate serve`'s gpsd answers, request by request, as gpsd 3.x
/// answers (`man 5 gpsd_json`), checked without a socket.
@Suite struct SimulatedGPSDTests {
    static func classes(_ lines: [String]) -> [String] {
        lines.compactMap { line in (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["class"] as? String }
    }

    @Test func libgpsWatchWithoutANewlineIsAnsweredAsGpsdAnswersIt() {
        let lines = SimulatedGPSD.conversation(Array(#"?WATCH={"enable":true,"json":true};"#.utf8))
        #expect(Self.classes(lines) == ["VERSION", "DEVICES", "WATCH", "DEVICE", "TPV"])
        #expect(lines[2] == #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#)
        let tpv = try? JSONSerialization.jsonObject(with: Data(lines[4].utf8)) as? [String: Any]
        #expect(tpv?["lat"] as? Double == 52.52 && tpv?["lon"] as? Double == 13.41 && tpv?["mode"] as? Int == 2)
        #expect(tpv?["device"] as? String == "/dev/simulated0" && tpv?["time"] as? String == "2027-01-15T08:00:00.000Z")
    }

    @Test func pollDevicesAndVersionEachHaveTheirAnswer() {
        let lines = SimulatedGPSD.conversation(Array("?POLL;\n?DEVICES;\n?VERSION;\n".utf8))
        #expect(Self.classes(lines) == ["VERSION", "POLL", "DEVICES", "VERSION"])
        let poll = try? JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
        #expect((poll?["tpv"] as? [Any])?.count == 1 && (poll?["sky"] as? [[String: Any]])?.first?["uSat"] as? Int == 6)
    }

    /// A request that is none is answered with gpsd's ERROR, its text quoted
    /// as JSON whatever bytes it holds; an unfinished one waits for its end.
    @Test func nonsenseIsAnErrorInValidJSONAndAnUnfinishedRequestWaits() {
        let lines = SimulatedGPSD.conversation(Array("?WAT\u{1}CH\"\\;?POLL".utf8))
        #expect(Self.classes(lines) == ["VERSION", "ERROR"], "\(lines)")
        #expect(lines[1] == #"{"class":"ERROR","message":"Unrecognized request '?WAT\u0001CH\"\\'"}"#)
    }
}
