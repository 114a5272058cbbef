package import Foundation

/// The JSON form every `--json` output shares: pretty-printed UTF-8 with
/// sorted keys, so a key's place never changes between runs or releases.
package enum DocumentEncoding {
    /// Pretty-printed for one document; `oneLine` for a stream of them
    /// (JSON Lines: one object per line, as `--watch --json` writes).
    package static func encode(_ value: some Encodable, empty: String, oneLine: Bool = false) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = oneLine ? [.sortedKeys, .withoutEscapingSlashes] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every number is finite by construction (decoders reject others).
        return (try? encoder.encode(value)) ?? Data(empty.utf8)
    }
}
