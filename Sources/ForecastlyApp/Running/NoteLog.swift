import ForecastStore
import Synchronization

/// What one run has to say beside its answer, as its parts add it: notes,
/// and caches it could not write. Each run has its own, handed to every
/// part it uses (the store, the place index, the extras), so two runs on one
/// application never see, or empty, each other's.
final class NoteLog: Sendable {
    private let entries = Mutex<(notes: [AppNote], unwritten: [CacheProblem])>(([], []))

    func add(_ note: AppNote) { entries.withLock { if !$0.notes.contains(note) { $0.notes.append(note) } } }
    func add(contentsOf more: [AppNote]) { for note in more { add(note) } }
    func unwritten(_ problem: CacheProblem) { entries.withLock { if !$0.unwritten.contains(problem) { $0.unwritten.append(problem) } } }

    /// A cache write that failed: the run goes on; a disk that refuses writes is said.
    func cacheFailed(_ error: StoreError) {
        if case .cannotWrite = error { unwritten(CacheProblem(error)) }
    }

    var all: [AppNote] { entries.withLock { $0.notes } }
    var unwrittenCaches: [CacheProblem] { entries.withLock { $0.unwritten } }
}
