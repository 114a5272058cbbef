extension String {
    /// Exactly `length` characters: padded with spaces, or cut. A column of
    /// names in help and summaries (as Foundation's `padding(toLength:withPad:startingAt:)`,
    /// which goes through NSString: the root help is built on every run, and
    /// that bridge was 2% of a stored answer's time under perf).
    public func padded(to length: Int) -> String {
        let count = count
        return count >= length ? String(prefix(length)) : self + String(repeating: " ", count: length - count)
    }
}
