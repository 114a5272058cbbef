public import ForecastlyBase
import Foundation

/// The decision in `$XDG_CONFIG_HOME/forecastly/location.json`, mode 0600,
/// written atomically. A file that cannot be read or parsed is reported
/// with its path, treated as `notDetermined`, and kept aside (never lost)
/// when a new decision replaces it; if the new one cannot be written, the
/// old file stays where it was.
public actor FileAuthorizationStore: AuthorizationStore {
    public nonisolated let path: String
    private var corruptFileNeedsKeeping = false

    public init(path: String) {
        self.path = path
    }

    public init(directories: XDGDirectories) {
        self.init(path: directories.config + "/location.json")
    }

    struct Record: Codable {
        var version: Int
        var decision: String
        var accuracy: LocationAccuracy?
    }

    public func load() -> StoredAuthorization {
        guard FileManager.default.fileExists(atPath: path) else { return StoredAuthorization(decision: .notDetermined) }
        guard let data = FileManager.default.contents(atPath: path) else {
            corruptFileNeedsKeeping = true
            return StoredAuthorization(decision: .notDetermined, problem: MessageText("{path} cannot be read; location permission counts as not decided.", ["path": path]))
        }
        guard let record = try? JSONDecoder().decode(Record.self, from: data), record.version == 1,
              let decision = Self.decision(from: record)
        else {
            corruptFileNeedsKeeping = true
            return StoredAuthorization(decision: .notDetermined, problem: MessageText("{path} is corrupt; location permission counts as not decided.", ["path": path]))
        }
        return StoredAuthorization(decision: decision)
    }

    public func save(_ decision: UserDecision) throws(AuthorizationStoreError) {
        var aside: String?
        if corruptFileNeedsKeeping || (FileManager.default.fileExists(atPath: path) && !isReadableRecord()) {
            aside = AtomicFile.keepAside(path)
        }
        let record: Record = switch decision {
        case .notDetermined: Record(version: 1, decision: "notDetermined")
        case .denied: Record(version: 1, decision: "denied")
        case .authorized(let accuracy): Record(version: 1, decision: "authorized", accuracy: accuracy)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let bytes = Array((try? encoder.encode(record)) ?? Data())
        do {
            try AtomicFile.write(bytes + [0x0A], to: path)
            corruptFileNeedsKeeping = false
        } catch {
            // The old file is still in place: its second name is not needed.
            if let aside { unlink(aside) }
            throw AuthorizationStoreError(path: error.path, reason: error.reason, code: error.code)
        }
    }

    private func isReadableRecord() -> Bool {
        guard let data = FileManager.default.contents(atPath: path),
              let record = try? JSONDecoder().decode(Record.self, from: data) else { return false }
        return Self.decision(from: record) != nil
    }

    private static func decision(from record: Record) -> UserDecision? {
        switch (record.decision, record.accuracy) {
        case ("notDetermined", _): .notDetermined
        case ("denied", _): .denied
        case ("authorized", let accuracy?): .authorized(accuracy)
        default: nil
        }
    }
}
