extension Duration {
    /// The duration as fractional seconds, for messages and `TimeInterval` APIs.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
