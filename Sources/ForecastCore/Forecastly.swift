/// Facts about this build of forecastly.
public enum Forecastly {
    public static let version = "0.1.0"
    /// forecastly's own licence (the LICENSE file), beside its data's.
    public static let license = "Apache-2.0"
    /// Where the project lives: services that ask clients to identify
    /// themselves (MET Norway's terms) are told it with every request.
    public static let projectURL = "https://github.com/forecastly/forecastly"
    /// The variable with the user's own contact (an e-mail address or a web
    /// site), sent to MET Norway only, as its terms ask of heavy users.
    public static let contactVariable = "FORECASTLY_CONTACT"
    public static let userAgent = "forecastly/\(version) (+\(projectURL))"

    /// The identifying User-Agent, with the user's contact when one is set.
    public static func userAgent(contact: String?) -> String {
        guard let contact, !contact.isEmpty else { return userAgent }
        return "forecastly/\(version) (+\(projectURL); \(contact))"
    }
}
