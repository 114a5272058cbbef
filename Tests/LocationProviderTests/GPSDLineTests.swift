@testable import LocationProvider
import Testing

/// forecastly reads gpsd's lines itself (libgps 3.22 spins on some of them):
/// splitting the stream into bounded lines, and reading each class.
@Suite struct GPSDLineTests {
    static func lines(from chunks: [String]) -> [String] {
        var buffer = GPSDLineBuffer()
        var lines: [String] = []
        for chunk in chunks {
            Array(chunk.utf8).withUnsafeBytes { buffer.append($0) }
            while let line = buffer.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
        }
        return lines
    }

    @Test func linesSplitAcrossReadsAndLineEndingsAreJoinedAndTrimmed() {
        #expect(Self.lines(from: [#"{"class":"VER"#, "SION\"}\r\n{\"class\":", "\"TPV\"}\n\n"]) ==
            [#"{"class":"VERSION"}"#, #"{"class":"TPV"}"#, ""])
    }

    /// A peer that never ends its line is not held in memory: what it sent
    /// is dropped up to the line's end, and the next line is read.
    @Test func anEndlessLineIsDroppedUpToItsEnd() {
        let endless = String(repeating: "x", count: GPSDLineBuffer.limit + 1)
        #expect(Self.lines(from: [endless, "still the same line\n", #"{"class":"SKY"}"# + "\n"]) == [#"{"class":"SKY"}"#])
    }

    @Test(arguments: [
        (#"{"class":"VERSION","release":"3.22"}"#, GPSDMessage.version),
        (#"{"class":"DEVICES","devices":[{"class":"DEVICE"},{"class":"DEVICE"},{"class":"DEVICE"},{"class":"DEVICE"},{"class":"DEVICE"}]}"#, .devices(count: 5)),
        (#"{"class":"DEVICES","devices":"none"}"#, .devices(count: 0)),
        (#"{"class":"DEVICE","path":"/dev/ttyACM0","activated":0}"#, .deviceRemoved),
        (#"{"class":"DEVICE","path":"/dev/ttyACM0","activated":"2026-11-25T08:00:00.000Z"}"#, .deviceAdded),
        (#"{"class":"ERROR","message":"Unrecognized request"}"#, .error("Unrecognized request")),
        (#"{"class":"WATCH","enable":true}"#, .other),
    ])
    func classesAndDevices(line: String, message: GPSDMessage) throws {
        #expect(try #require(GPSDLine(ArraySlice(line.utf8))).message == message)
    }

    /// TPVs as gpsd 3.22 sends them (the first two from the recordings in
    /// gpsd/json): a fix needs mode 2 or 3 and both coordinates; accuracy is
    /// eph, or epx and epy combined; altitude above the ellipsoid first.
    @Test(arguments: [
        (#"{"class":"TPV","device":"/dev/pts/1","mode":3,"lat":57.163445000,"lon":-2.121370000,"altHAE":107.5000,"altMSL":59.3000,"alt":59.3000,"magvar":-1.6,"geoidSep":48.200,"eph":19.000}"#,
         GPSDMessage.position(mode: 3, latitude: 57.163445, longitude: -2.12137, accuracy: 19, altitude: 107.5)),
        (#"{"class":"TPV","device":"/dev/pts/1","mode":1}"#, .noFix(mode: 1)),
        (#"{"class":"TPV","mode":2,"lat":48.1,"lon":11.5,"epx":3.0,"epy":4.0,"alt":520}"#,
         .position(mode: 2, latitude: 48.1, longitude: 11.5, accuracy: 5, altitude: 520)),
        (#"{"class":"TPV","mode":3,"lat":48.1}"#, .noFix(mode: 3)),
        (#"{"class":"TPV","mode":3,"lat":"48.1","lon":11.5}"#, .noFix(mode: 3)),
        (#"{"class":"TPV","mode":3,"lat":true,"lon":false}"#, .noFix(mode: 3)),
        (#"{"class":"TPV","mode":"3","lat":48.1,"lon":11.5}"#, .noFix(mode: 0)),
        (#"{"class":"TPV","mode":2.5,"lat":48.1,"lon":11.5}"#, .noFix(mode: 0)),
    ])
    func positions(line: String, message: GPSDMessage) throws {
        #expect(try #require(GPSDLine(ArraySlice(line.utf8))).message == message)
    }

    /// gpsd's answer to ?POLL holds the last sky view and fix of each active
    /// device (gpsd_json(5)): the first device's sky, then its fix when it has one.
    @Test(arguments: [
        (#"{"class":"POLL","time":"2026-11-28T12:00:00.000Z","active":1,"tpv":[{"class":"TPV","device":"/dev/ttyACM0","mode":3,"lat":48.1,"lon":11.5,"eph":4.0}],"sky":[{"class":"SKY","device":"/dev/ttyACM0","nSat":9,"uSat":7}]}"#,
         [GPSDMessage.sky(visible: 9, used: 7), .position(mode: 3, latitude: 48.1, longitude: 11.5, accuracy: 4, altitude: nil)]),
        (#"{"class":"POLL","active":2,"tpv":[{"class":"TPV","mode":1},{"class":"TPV","mode":2,"lat":48.1,"lon":11.5}],"sky":[]}"#,
         [.position(mode: 2, latitude: 48.1, longitude: 11.5, accuracy: nil, altitude: nil)]),
        (#"{"class":"POLL","active":1,"tpv":[{"class":"TPV","mode":1}],"sky":[{"class":"SKY","nSat":3,"uSat":0}]}"#, [.sky(visible: 3, used: 0)]),
        (#"{"class":"POLL","active":0,"tpv":[],"sky":[]}"#, []),
        (#"{"class":"POLL","tpv":"none","sky":[{"nSat":3}]}"#, []),
    ])
    func pollAnswers(line: String, messages: [GPSDMessage]) throws {
        #expect(try #require(GPSDLine(ArraySlice(line.utf8))).messages == messages)
    }

    /// gpsd 3.22 counts satellites (nSat, uSat); older releases only list them.
    @Test(arguments: [
        (#"{"class":"SKY","nSat":12,"uSat":4,"satellites":[]}"#, GPSDMessage.sky(visible: 12, used: 4)),
        (#"{"class":"SKY","satellites":[{"PRN":1,"used":true},{"PRN":2,"used":false},{"PRN":3,"used":true}]}"#, .sky(visible: 3, used: 2)),
        (#"{"class":"SKY"}"#, .sky(visible: 0, used: 0)),
    ])
    func skyViews(line: String, message: GPSDMessage) throws {
        #expect(try #require(GPSDLine(ArraySlice(line.utf8))).message == message)
    }

    /// Two objects on one line are no message, nor is text that is not one
    /// JSON object with a class.
    @Test(arguments: [#"{"class":"TPV","mode":3}{"class":"DEVICES","devices":[]}"#, "not JSON", "[1,2]", #"{"mode":3}"#, ""])
    func linesThatAreNotOneMessage(line: String) {
        #expect(GPSDLine(ArraySlice(line.utf8)) == nil)
    }
}
