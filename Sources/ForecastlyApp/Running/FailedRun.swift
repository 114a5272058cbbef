public import ForecastlyBase

/// A run that failed after it had something to say beside its answer (a
/// damaged decision file, which place an ambiguous name meant): the error,
/// and those notes, for the front end to show before it.
public struct FailedRun: Error, UserFacingError {
    public let error: any Error
    public let notes: [AppNote]

    public init(_ error: any Error, notes: [AppNote]) {
        self.error = error
        self.notes = notes
    }

    /// The error as the run met it, whatever notes came with it.
    public static func underlying(_ error: any Error) -> any Error {
        (error as? FailedRun)?.error ?? error
    }

    public var summaryMessage: MessageText { (error as? any UserFacingError)?.summaryMessage ?? .verbatim("\(error)") }
    public var adviceMessage: MessageText? { (error as? any UserFacingError)?.adviceMessage }
    public var exitStatus: ExitStatus { (error as? any UserFacingError)?.exitStatus ?? .failure }
}

extension Application {
    /// `body`'s result; if it throws, its error with the notes the run
    /// gathered so far.
    func noting<Result>(_ log: NoteLog, _ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch {
            let notes = log.all
            guard !notes.isEmpty else { throw error }
            throw FailedRun(FailedRun.underlying(error), notes: notes)
        }
    }
}
