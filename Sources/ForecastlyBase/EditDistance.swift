/// Levenshtein distance over bytes, giving up early past `limit`: how far a
/// typed word is from a place's name or a command's.
public enum EditDistance {
    public static func between(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if a == b { return 0 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension EditDistance {
    /// The distance between two words, up to `limit` (then `limit + 1`).
    public static func between(_ a: String, _ b: String, limit: Int) -> Int {
        between(Array(a.utf8), Array(b.utf8), limit: limit)
    }

    /// The word of `words` nearest to `typed`, at most `limit` letters away
    /// (the first of the nearest), or nil: what a misspelling meant.
    public static func nearest(to typed: String, among words: some Sequence<String>, limit: Int) -> String? {
        words.map { (word: $0, distance: between(typed, $0, limit: limit)) }
            .filter { $0.distance <= limit }.min { $0.distance < $1.distance }?.word
    }
}
