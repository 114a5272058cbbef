public import ForecastlyBase

/// Where the user's decision is remembered between runs. Behind a protocol
/// so tests (and programs embedding forecastly) can keep it in memory.
public protocol AuthorizationStore: Sendable {
    /// The remembered decision; a store that cannot be read reports why and
    /// counts as `notDetermined` (asking again is safe, guessing is not).
    func load() async -> StoredAuthorization
    func save(_ decision: UserDecision) async throws(AuthorizationStoreError)
}

public struct StoredAuthorization: Sendable, Equatable {
    public var decision: UserDecision
    /// Why the stored decision could not be used, for a warning.
    public var problem: String?

    public init(decision: UserDecision, problem: String? = nil) {
        self.decision = decision
        self.problem = problem
    }
}

public struct AuthorizationStoreError: Error, Sendable, Equatable, UserFacingError {
    public var path: String
    public var reason: String
    /// What could not be saved: "the location decision" or "the stored place".
    public var what: String
    /// The system's errno, for the exit status; 0 when unknown.
    public var code: Int32

    public init(path: String, reason: String, what: String = "the location decision", code: Int32 = 0) {
        self.path = path
        self.reason = reason
        self.what = what
        self.code = code
    }

    public var summary: String { "Cannot save \(what) to \(path): \(reason.strippingTerminalControls(limit: 200))." }
    public var advice: String? {
        switch exitStatus {
        case .ioError: "Check the free space and the disk there, then try again; the previous one is kept."
        default: "Check that the directory is writable (or set XDG_CONFIG_HOME); the previous one is kept."
        }
    }
    public var exitStatus: ExitStatus { code == 0 ? .cannotCreate : ExitStatus.forWriting(errno: code) }
}
