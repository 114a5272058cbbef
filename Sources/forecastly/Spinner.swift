import Foundation
import Synchronization

/// A one-line progress indicator on stderr. Only created when stderr is a
/// terminal; it erases itself when stopped so the output stays clean.
final class Spinner: Sendable {
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private let label: String
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(label: String) { self.label = label }

    func start() {
        task.withLock { task in
            guard task == nil else { return }
            let label = self.label
            task = Task.detached {
                var frame = 0
                while !Task.isCancelled {
                    Terminal.standardError.write("\r\(Self.frames[frame % Self.frames.count]) \(label)")
                    frame += 1
                    try? await Task.sleep(for: .milliseconds(80))
                }
                Terminal.standardError.write("\r\u{1B}[2K")
            }
        }
    }

    /// Returns once the line is erased, so nothing printed next can be overwritten.
    func stop() async {
        let running = task.withLock { task in
            defer { task = nil }
            return task
        }
        guard let running else { return }
        running.cancel()
        await running.value
    }
}
