import ForecastlyBase
import ForecastlyApp
import LocationProvider
import Synchronization

/// The user at the prompt: a scenario's `answerAllow`, `answerAllowOnce` and
/// `answerDeny` steps answer the question the running application asked.
final class ScriptedAsker: PermissionAsker {
    private let pending = Mutex<CheckedContinuation<PermissionPromptOutcome, Never>?>(nil)

    func ask(services: MessageText) async -> PermissionPromptOutcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let earlier = pending.withLock { pending in
                    defer { pending = continuation }
                    return pending
                }
                earlier?.resume(returning: .noAnswer)
                if Task.isCancelled { take()?.resume(returning: .noAnswer) }
            }
        } onCancel: {
            take()?.resume(returning: .noAnswer)
        }
    }

    /// Answers the question being asked; false when none is.
    func answer(_ answer: PermissionAnswer) -> Bool {
        guard let continuation = take() else { return false }
        continuation.resume(returning: .answered(answer))
        return true
    }

    private func take() -> CheckedContinuation<PermissionPromptOutcome, Never>? {
        pending.withLock { pending in
            defer { pending = nil }
            return pending
        }
    }
}
