import ForecastPresentation
import Foundation
import LocationProvider
import Testing

/// `location status --json` says who restricts: forecastly's policy file,
/// the desktop's switch, or GeoClue's configuration.
@Suite struct PermissionStatusDocumentTests {
    static func json(_ state: AuthorizationState) throws -> [String: Any] {
        let document = PermissionStatusDocument(state: state, policy: .unrestricted, decisionFile: "/home/u/.config/forecastly/location.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(document.encoded())) as? [String: Any])
    }

    static let cases: [(Restriction, String, String?)] = [
        (.policyFile(path: "/etc/forecastly/policy.json"), "policy", "/etc/forecastly/policy.json"),
        (.desktopSwitchOff, "desktopSwitch", nil),
        (.geoclueConfiguration(path: "/etc/geoclue/geoclue.conf"), "geoclueConfiguration", "/etc/geoclue/geoclue.conf"),
    ]

    @Test(arguments: cases)
    func aRestrictionNamesWhoRestricts(restriction: Restriction, name: String, path: String?) throws {
        let root = try Self.json(.restricted(remembered: .authorized(.full), by: restriction))
        #expect(root["state"] as? String == "restricted")
        let node = try #require(root["restriction"] as? [String: Any])
        #expect(node["by"] as? String == name)
        #expect(node["path"] as? String == path)
        #expect(node["remembered"] as? String == "authorized")
    }

    @Test func anAuthorizedStateHasNoRestrictionAndItsAccuracy() throws {
        let root = try Self.json(.authorized(LocationGrant(accuracy: .reduced)))
        #expect(root["restriction"] is NSNull)
        #expect(root["accuracy"] as? String == "reduced")
        #expect(root["decisionFile"] as? String == "/home/u/.config/forecastly/location.json")
    }
}
