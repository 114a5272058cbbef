extension String {
    /// The text without the white space (spaces, tabs, newlines and Unicode's
    /// other space characters) at either end.
    ///
    /// Foundation's `trimmingCharacters(in:)` goes through NSString on Linux,
    /// which costs about 0.3 ms the first time a process calls it; parsing
    /// `--lat` and `--lon` did, on the path of every forecast.
    public func trimmingWhitespace() -> String {
        self[...].trimmingWhitespace()
    }
}

extension Substring {
    /// The text without the white space at either end, as a String.
    ///
    /// On the concrete type rather than StringProtocol: a generic version,
    /// called from other modules, asks the runtime at each first call what
    /// the string type conforms to, and each question scans every
    /// conformance record in the binary.
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
