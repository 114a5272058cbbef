extension Double {
    /// The number as a person types it, for "got …" in a message:
    /// "-5", "0.5", "10000000000", never "-5.0".
    public var asTyped: String {
        rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}
