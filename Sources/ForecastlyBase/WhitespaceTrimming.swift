extension String {
    /// The text without the white space (spaces, tabs, newlines and Unicode's
    /// other space characters) at either end, judged by `Character.isWhitespace`
    /// and without Foundation's `CharacterSet`.
    public func trimmingWhitespace() -> String {
        self[...].trimmingWhitespace()
    }

    /// The text without the spaces at its end: a padded column's last cell.
    public func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

extension Substring {
    /// The text without the white space at either end, as a String.
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
