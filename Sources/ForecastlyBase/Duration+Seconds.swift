extension Duration {
    /// The duration as fractional seconds, for messages and `TimeInterval` APIs.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension Duration {
    /// The seconds as a person writes them: "5", "1.5".
    public var secondsText: String {
        let seconds = inSeconds
        return seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
    }
}
