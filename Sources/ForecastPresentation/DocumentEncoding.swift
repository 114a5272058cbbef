package import Foundation

/// The JSON form every `--json` output shares: pretty-printed UTF-8 with
/// sorted keys, so a key's place never changes between runs or releases.
package enum DocumentEncoding {
    package static func encode(_ value: some Encodable, empty: String) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every number is finite by construction (decoders reject others).
        return (try? encoder.encode(value)) ?? Data(empty.utf8)
    }
}
