/// Where a word without spaces may be broken: Japanese and Chinese are
/// written without them, so "保存済み6秒前に取得（十分新しい。" is one word
/// to a space-splitting wrapper, and a narrow terminal would cut it anywhere.
/// The rule is UAX #14's, reduced to what forecastly's catalogs need: a
/// break between two characters where either is wide, except before a
/// closing mark or a small kana ("。", "）", "ょ", "ー") and after an opening
/// one ("（", "「"), the line-start and line-end rules (kinsoku) of JIS X 4051,
/// and never between a number and the counter after it.
enum LineBreaks {
    /// `word` cut where a line may break; its pieces joined give it back.
    /// ASCII words come back whole without looking at their characters.
    static func pieces(of word: Substring) -> [Substring] {
        guard !word.utf8.allSatisfy({ $0 < 0x80 }) else { return [word] }
        var pieces: [Substring] = []
        var start = word.startIndex
        var previous: Character?
        for index in word.indices {
            let character = word[index]
            if let before = previous, mayBreak(between: before, and: character) {
                pieces.append(word[start..<index])
                start = index
            }
            previous = character
        }
        pieces.append(word[start...])
        return pieces
    }

    private static func mayBreak(between before: Character, and after: Character) -> Bool {
        guard isWide(before) || isWide(after) else { return false }
        // A number keeps its counter: "11時間", "6秒", "9月".
        if before.isASCII, before.isNumber { return false }
        return !closing.contains(after) && !opening.contains(before)
    }

    private static func isWide(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(TextWidth.isWide) ?? false
    }

    /// Never at the start of a line.
    private static let closing: Set<Character> = Set("、。，．・：；！？）」』】〕〉》〙〗ーぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ々〻,.:;!?)]}%°")
    /// Never at the end of a line.
    private static let opening: Set<Character> = Set("（「『【〔〈《〘〖([{")
}
