/// Where forecastly's own background tasks run.
///
/// Swift's `Task {}` does not inherit its starter's executor preference
/// (SE-0417): its body runs on the global executor whatever the caller
/// asked for. A simulation runs the product on an executor of its own so
/// that it can tell when the product has nothing left to do (every task
/// finished, or waiting for the virtual clock or the story's next event),
/// and needs every task the product starts to run there too. So the
/// product starts its tasks with `Task.placed { … }`, which prefers the
/// executor of the task that starts it when one was set here: in a normal
/// run nothing is set and it is exactly `Task {}`.
public enum TaskPlacement {
    /// The executor the product's tasks prefer; `nil` (Swift's global executor) outside a simulation.
    @TaskLocal public static var preferred: (any TaskExecutor)?
}

extension Task where Failure == Never {
    /// `Task { … }`, run on `TaskPlacement.preferred` when one is set.
    @discardableResult
    public static func placed(operation: sending @escaping () async -> Success) -> Task<Success, Never> {
        Task(executorPreference: TaskPlacement.preferred, operation: operation)
    }
}
