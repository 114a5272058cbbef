@testable import ForecastCore
import ForecastlyBase
import Foundation
import Testing

/// The sky computed on the machine, checked against published almanac
/// values: within a minute for the Sun and two for the Moon (the tables
/// give whole minutes). Each row names its source.
@Suite struct AlmanacTests {
    struct Place: Sendable {
        var coordinate: Coordinate
        var zone: TimeZone
    }

    /// Östersund, Sweden (+63.178, +14.635), Swedish standard time (UT+1):
    /// Paul Schlyter, "Upp/nedgångar 2021 i Östersund", stjarnhimlen.se/2021/ostersund.html.
    static let östersund = Place(coordinate: try! Coordinate(latitude: 63.178, longitude: 14.635), zone: TimeZone(secondsFromGMT: 3600)!)
    /// Sundsvall, Sweden (+62.392, +17.290), UT+1: Paul Schlyter, "Upp/nedgångar 2001 i Sundsvall",
    /// stjarnhimlen.se/2001/sundsvall.html.
    static let sundsvall = Place(coordinate: try! Coordinate(latitude: 62.392, longitude: 17.290), zone: TimeZone(secondsFromGMT: 3600)!)
    /// Tromsø, Norway, as the US Naval Observatory's "Sun and Moon Data for
    /// One Day" gives it (N69.5, E19.0, Universal Time + 1h), for 1 April 2014.
    static let tromsø = Place(coordinate: try! Coordinate(latitude: 69.5, longitude: 19.0), zone: TimeZone(secondsFromGMT: 3600)!)
    /// Sydney (Dover Heights, −33.87, 151.28), AEST (UTC+10), 26 April 2013,
    /// from the US Naval Observatory's data as quoted by fotoeins.com ("Sydney's April full-moon").
    static let sydney = Place(coordinate: try! Coordinate(latitude: -33.87, longitude: 151.28), zone: TimeZone(secondsFromGMT: 36_000)!)

    enum Event: String, Sendable { case dawn, sunrise, sunset, dusk, moonrise, moonset }

    struct Row: Sendable, CustomTestStringConvertible {
        var place: Place
        var name: String
        var date: LocalDate
        var event: Event
        /// "HH:MM" in the place's zone; nil: the event does not happen that day.
        var time: String?
        var testDescription: String { "\(name) \(date) \(event) \(time ?? "none")" }
    }

    static func day(_ text: String) -> LocalDate { LocalDate(iso8601: text)! }

    static let rows: [Row] = [
        Row(place: östersund, name: "Östersund", date: day("2021-01-01"), event: .sunrise, time: "09:39"),
        Row(place: östersund, name: "Östersund", date: day("2021-01-01"), event: .sunset, time: "14:32"),
        Row(place: östersund, name: "Östersund", date: day("2021-01-01"), event: .moonrise, time: "16:56"),
        Row(place: östersund, name: "Östersund", date: day("2021-01-01"), event: .moonset, time: "11:34"),
        Row(place: östersund, name: "Östersund", date: day("2021-01-04"), event: .moonrise, time: "21:59"),
        Row(place: östersund, name: "Östersund", date: day("2021-01-06"), event: .moonrise, time: nil),
        Row(place: östersund, name: "Östersund", date: day("2021-01-06"), event: .moonset, time: "11:46"),
        Row(place: östersund, name: "Östersund", date: day("2021-01-12"), event: .moonrise, time: "09:53"),
        Row(place: östersund, name: "Östersund", date: day("2021-01-12"), event: .moonset, time: "13:03"),
        Row(place: östersund, name: "Östersund", date: day("2021-01-18"), event: .sunrise, time: "09:11"),
        Row(place: östersund, name: "Östersund", date: day("2021-01-18"), event: .sunset, time: "15:14"),
        Row(place: östersund, name: "Östersund", date: day("2021-01-18"), event: .moonset, time: "22:29"),
        Row(place: sundsvall, name: "Sundsvall", date: day("2001-01-01"), event: .sunrise, time: "09:18"),
        Row(place: sundsvall, name: "Sundsvall", date: day("2001-01-01"), event: .moonrise, time: "11:47"),
        Row(place: sundsvall, name: "Sundsvall", date: day("2001-01-01"), event: .moonset, time: "22:33"),
        Row(place: sundsvall, name: "Sundsvall", date: day("2001-01-03"), event: .moonset, time: nil),
        Row(place: tromsø, name: "Tromsø", date: day("2014-04-01"), event: .dawn, time: "03:46"),
        Row(place: tromsø, name: "Tromsø", date: day("2014-04-01"), event: .sunrise, time: "04:50"),
        Row(place: tromsø, name: "Tromsø", date: day("2014-04-01"), event: .sunset, time: "18:49"),
        Row(place: tromsø, name: "Tromsø", date: day("2014-04-01"), event: .dusk, time: "19:53"),
        Row(place: sydney, name: "Sydney", date: day("2013-04-26"), event: .sunrise, time: "06:26"),
        Row(place: sydney, name: "Sydney", date: day("2013-04-26"), event: .sunset, time: "17:20"),
        Row(place: sydney, name: "Sydney", date: day("2013-04-26"), event: .moonset, time: "06:32"),
        Row(place: sydney, name: "Sydney", date: day("2013-04-26"), event: .moonrise, time: "17:35"),
    ]

    @Test(arguments: rows)
    func agreesWithThePublishedAlmanac(row: Row) throws {
        let sky = Almanac.day(row.date, at: row.place.coordinate, timeZone: row.place.zone)
        let computed: Date? = switch row.event {
        case .dawn: sky.sun.dawn
        case .sunrise: sky.sun.sunrise
        case .sunset: sky.sun.sunset
        case .dusk: sky.sun.dusk
        case .moonrise: sky.moon.moonrise
        case .moonset: sky.moon.moonset
        }
        guard let time = row.time else {
            #expect(computed == nil, "\(row.testDescription): computed \(String(describing: computed))")
            return
        }
        let parts = time.split(separator: ":").compactMap { Int($0) }
        let published = Almanac.localMidnight(row.date, timeZone: row.place.zone).addingTimeInterval(TimeInterval(parts[0] * 3600 + parts[1] * 60))
        let found = try #require(computed, "\(row.testDescription): none computed")
        // The tables give the minute; the published moment lies in [hh:mm, hh:mm + 1 min).
        let tolerance: TimeInterval = [.moonrise, .moonset].contains(row.event) ? 120 : 60
        let difference = found.timeIntervalSince(published)
        #expect(difference > -tolerance && difference < 60 + tolerance, "\(row.testDescription): off by \(Int(difference)) s")
    }

    /// North of the Arctic Circle the Sun stays up in summer and down in
    /// winter: a state of the day, with no rise or set, and a day 24 or 0 hours long.
    @Test func polarDayAndNightAreStatesNotErrors() throws {
        let summer = Almanac.day(Self.day("2014-05-20"), at: Self.tromsø.coordinate, timeZone: Self.tromsø.zone)
        #expect(summer.sun.kind == .polarDay)
        #expect(summer.sun.sunrise == nil && summer.sun.sunset == nil)
        #expect(summer.sun.dayLength == 86_400)
        let winter = Almanac.day(Self.day("2014-12-21"), at: Self.tromsø.coordinate, timeZone: Self.tromsø.zone)
        #expect(winter.sun.kind == .polarNight)
        #expect(winter.sun.dayLength == 0)
        // Civil twilight still comes at noon in the polar night at 69.5°N.
        #expect(winter.sun.dawn != nil && winter.sun.dusk != nil)
        // USNO: on 17 May 2014 the Sun rises at 00:29 and sets at 23:06; on 18 May it rises at 00:13 and does not set.
        let last = Almanac.day(Self.day("2014-05-18"), at: Self.tromsø.coordinate, timeZone: Self.tromsø.zone)
        #expect(last.sun.sunrise != nil && last.sun.sunset == nil)
    }

    /// The phase at known moments: the full moon of 25 April 2013 (19:57 UT,
    /// a partial lunar eclipse) and the new moon of 8 April 2024 (18:21 UT,
    /// the total solar eclipse over North America).
    @Test func thePhaseAtKnownFullAndNewMoons() {
        let full = Almanac.phase(at: Date(timeIntervalSince1970: 1_366_919_820))
        #expect(full.name == .full && full.illumination > 0.99)
        let new = Almanac.phase(at: Date(timeIntervalSince1970: 1_712_600_460))
        #expect(new.name == .new && new.illumination < 0.01)
        // A week later: first quarter, about half lit, waxing.
        let quarter = Almanac.phase(at: Date(timeIntervalSince1970: 1_712_600_460 + 7.4 * 86_400))
        #expect(quarter.name == .firstQuarter && abs(quarter.illumination - 0.5) < 0.1 && quarter.isWaxing)
        // Seen from the south the lit side is on the left.
        #expect(quarter.glyph(southernHemisphere: false) == "🌓" && quarter.glyph(southernHemisphere: true) == "🌗")
    }

    /// Days across a daylight-saving change start at local midnight and are
    /// 23 and 25 hours long; their events fall inside them.
    @Test func aDaylightSavingChangeKeepsEachDayWhole() throws {
        let berlin = try Coordinate(latitude: 52.52, longitude: 13.41)
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        for text in ["2024-03-31", "2024-10-27"] {
            let date = Self.day(text)
            let start = Almanac.localMidnight(date, timeZone: zone)
            let end = Almanac.localMidnight(LocalDate(daysSinceEpoch: date.daysSinceEpoch + 1), timeZone: zone)
            #expect([23.0 * 3600, 25.0 * 3600].contains(end.timeIntervalSince(start)))
            let sky = Almanac.day(date, at: berlin, timeZone: zone)
            let sunrise = try #require(sky.sun.sunrise), sunset = try #require(sky.sun.sunset)
            #expect(start < sunrise && sunrise < sunset && sunset < end)
        }
    }

    /// Across the date line the day is the place's own: Fiji's and Samoa's
    /// sunrises on the same local date are each in the morning there.
    @Test func theDateLineIsThePlacesOwn() throws {
        for (latitude, longitude, zone) in [(-18.14, 178.44, "Pacific/Fiji"), (-13.83, -171.76, "Pacific/Apia")] {
            let place = try Coordinate(latitude: latitude, longitude: longitude)
            let timeZone = try #require(TimeZone(identifier: zone))
            let sky = Almanac.day(Self.day("2024-06-21"), at: place, timeZone: timeZone)
            let sunrise = try #require(sky.sun.sunrise)
            let hour = (Int(sunrise.timeIntervalSince1970) + timeZone.secondsFromGMT(for: sunrise)) % 86_400 / 3600
            #expect((5...8).contains(hour), "\(zone): sunrise at hour \(hour)")
        }
    }

    /// The Sun alone (what the day before the days shown is computed for)
    /// is the Sun of the whole day, at every kind of place, every week of a year.
    @Test func theSunAloneIsTheDaysSun() {
        for place in [Self.östersund, Self.tromsø, Self.sydney] {
            for week in 0..<53 {
                let date = LocalDate(daysSinceEpoch: LocalDate(year: 2026, month: 1, day: 1)!.daysSinceEpoch + 7 * week)
                #expect(Almanac.sun(date, at: place.coordinate, timeZone: place.zone) == Almanac.day(date, at: place.coordinate, timeZone: place.zone).sun)
            }
        }
    }
}
