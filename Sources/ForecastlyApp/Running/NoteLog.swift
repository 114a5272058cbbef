import Synchronization

/// The notes of one run, as its parts add them.
final class NoteLog: Sendable {
    private let notes = Mutex<[AppNote]>([])

    func add(_ note: AppNote) { notes.withLock { if !$0.contains(note) { $0.append(note) } } }
    func add(contentsOf more: [AppNote]) { for note in more { add(note) } }
    var all: [AppNote] { notes.withLock { $0 } }
}
