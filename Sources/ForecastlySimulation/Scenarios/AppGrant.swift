import Foundation

/// What a served story's location services say to another program, by its
/// desktop id (GeoClue's `DesktopId`) or app id (the portal's): whether it
/// may locate, and how finely. `"apps": {"where-am-i": "allowed",
/// "org.example.Maps": {"permission": "asked", "answer": "deny"}, "*":
/// {"permission": "allowed", "accuracy": "city"}}`; an app not named is
/// what `"*"` says, else allowed at exact accuracy.
public struct AppGrant: Sendable, Equatable {
    public enum Permission: String, Sendable, Equatable, CaseIterable {
        /// Allowed without asking (GeoClue's allow list, the permission store's "yes").
        case allowed
        /// Refused (the agent's "no", the permission store's "no").
        case denied
        /// The user is asked at each start, and answers with `answer`.
        case asked
    }

    public var permission: Permission
    /// When asked: whether the user allows.
    public var answerAllows: Bool
    /// The finest accuracy granted.
    public var accuracy: AccuracyLevel

    public init(permission: Permission = .allowed, answerAllows: Bool = true, accuracy: AccuracyLevel = .exact) {
        self.permission = permission
        self.answerAllows = answerAllows
        self.accuracy = accuracy
    }

    /// Whether a start is allowed (after asking, when it asks).
    public var allows: Bool {
        switch permission {
        case .allowed: true
        case .denied: false
        case .asked: answerAllows
        }
    }

    static let allowedExactly = AppGrant()
}

/// GeoClue's accuracy levels, by name.
public enum AccuracyLevel: String, Sendable, Equatable, CaseIterable, Comparable {
    case none, country, city, neighborhood, street, exact

    /// The number GeoClue uses (`RequestedAccuracyLevel`, `AvailableAccuracyLevel`).
    public var geoclueValue: UInt32 {
        switch self {
        case .none: 0
        case .country: 1
        case .city: 4
        case .neighborhood: 5
        case .street: 6
        case .exact: 8
        }
    }

    /// The level of a number a client asked for: the valid level at or below it.
    public init(geoclueValue: UInt32) {
        self = Self.allCases.last { $0.geoclueValue <= geoclueValue } ?? .none
    }

    /// How far a position at this level may be from the truth, in metres; nil: exact.
    var coarseness: Double? {
        switch self {
        case .none, .exact: nil
        case .country: 300_000
        case .city: 15_000
        case .neighborhood: 1_000
        case .street: 100
        }
    }

    public static func < (lhs: AccuracyLevel, rhs: AccuracyLevel) -> Bool { lhs.geoclueValue < rhs.geoclueValue }
}

/// A story's step that changes what an app is granted (`{"app": {"id":
/// "where-am-i", "permission": "denied"}}`, `{"app": {"id": "*", "accuracy":
/// "city"}}`): the given fields change, the others stay.
public struct AppChange: Sendable, Equatable {
    public var id: String
    public var permission: AppGrant.Permission?
    public var answerAllows: Bool?
    public var accuracy: AccuracyLevel?

    public init(id: String, permission: AppGrant.Permission? = nil, answerAllows: Bool? = nil, accuracy: AccuracyLevel? = nil) {
        self.id = id
        self.permission = permission
        self.answerAllows = answerAllows
        self.accuracy = accuracy
    }

    func applied(to grant: AppGrant) -> AppGrant {
        var grant = grant
        if let permission { grant.permission = permission }
        if let answerAllows { grant.answerAllows = answerAllows }
        if let accuracy { grant.accuracy = accuracy }
        return grant
    }
}

/// Reading the grants and changes from a story file.
enum AppGrantKeys: String, CodingKey, CaseIterable {
    case id, permission, answer, accuracy

    static func grant(_ decoder: any Decoder) throws -> AppGrant {
        if let container = try? decoder.singleValueContainer(), let word = try? container.decode(String.self) {
            return AppGrant(permission: try permission(word, at: decoder.codingPath))
        }
        try StrictKeys.check(decoder, known: [AppGrantKeys.permission, .answer, .accuracy].map(\.rawValue))
        let change = try fields(decoder)
        return change.applied(to: .allowedExactly)
    }

    static func change(_ decoder: any Decoder) throws -> AppChange {
        try StrictKeys.check(decoder, AppGrantKeys.self)
        let container = try decoder.container(keyedBy: AppGrantKeys.self)
        var change = try fields(decoder)
        change.id = try container.decode(String.self, forKey: .id)
        guard change.id.count <= 255 else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [AppGrantKeys.id], debugDescription: "expected an app's id, \"\" or *"))
        }
        guard change.permission != nil || change.answerAllows != nil || change.accuracy != nil else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "an app step changes permission, answer or accuracy"))
        }
        return change
    }

    private static func fields(_ decoder: any Decoder) throws -> AppChange {
        let container = try decoder.container(keyedBy: AppGrantKeys.self)
        var change = AppChange(id: "")
        if let word = try container.decodeIfPresent(String.self, forKey: .permission) {
            change.permission = try permission(word, at: container.codingPath + [AppGrantKeys.permission])
        }
        if let word = try container.decodeIfPresent(String.self, forKey: .answer) {
            guard word == "allow" || word == "deny" else {
                throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [AppGrantKeys.answer], debugDescription: #"expected "allow" or "deny""#))
            }
            change.answerAllows = word == "allow"
        }
        if let word = try container.decodeIfPresent(String.self, forKey: .accuracy) {
            guard let level = AccuracyLevel(rawValue: word) else {
                throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [AppGrantKeys.accuracy],
                    debugDescription: "expected \(AccuracyLevel.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
            change.accuracy = level
        }
        return change
    }

    private static func permission(_ word: String, at path: [any CodingKey]) throws -> AppGrant.Permission {
        guard let permission = AppGrant.Permission(rawValue: word) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "expected allowed, denied or asked"))
        }
        return permission
    }
}
