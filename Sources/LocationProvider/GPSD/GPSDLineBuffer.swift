/// Splits the bytes read from gpsd into lines, bounded: a "line" longer
/// than `limit` (a peer that is not gpsd, or a broken one) is dropped up to
/// its end rather than held in memory.
struct GPSDLineBuffer {
    /// gpsd's longest reports (SKY with every satellite) are a few KiB.
    static let limit = 16_384

    private var pending: [UInt8] = []
    private var dropping = false

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        pending.append(contentsOf: bytes)
    }

    /// The next complete line without its line ending, if one has arrived.
    mutating func nextLine() -> ArraySlice<UInt8>? {
        while true {
            guard let end = pending.firstIndex(of: UInt8(ascii: "\n")) else {
                if pending.count > Self.limit {
                    pending.removeAll(keepingCapacity: true)
                    dropping = true
                }
                return nil
            }
            var line = pending[..<end]
            pending.removeSubrange(...end)
            if dropping {
                dropping = false
                continue
            }
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            return line.count > Self.limit ? [] : line
        }
    }
}
