/// The story's location services, which all hear of the same receiver and
/// the same grants: gpsd reads the receiver, GeoClue reads it too (its GPS
/// source), and the location portal reads GeoClue. One place says so, for
/// the story and for `simulate ctl` alike.
struct ServedLocations: Sendable {
    let gpsd: SimulatedGPSD
    let geoclue: SimulatedGeoClue
    let portal: SimulatedPortal

    /// The receiver reports a fix.
    func report(_ fix: ServedFix) {
        gpsd.report(fix)
        reportByGeoClue(fix)
    }

    /// A position only GeoClue knows (a location step with `"source": "geoclue"`).
    func reportByGeoClue(_ fix: ServedFix) {
        geoclue.report(fix)
        portal.report(fix)
    }

    /// What an app is granted changes.
    func apply(_ change: AppChange) {
        geoclue.apply(change)
        portal.apply(change)
    }

    /// The desktop's location switch.
    func switched(on: Bool) {
        geoclue.switched(on: on)
        portal.switched(on: on)
    }

    /// Positions told that a permission did not allow, by either service.
    var violations: [String] { geoclue.violations + portal.violations }
}
