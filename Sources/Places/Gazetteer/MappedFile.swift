import Foundation
import ForecastlyBase
#if canImport(Glibc)
import Glibc
#endif

/// A read-only memory map of a whole file. Reads are bounds-checked and
/// return zero outside the file, so a damaged index gives wrong answers at
/// worst, never a crash.
final class MappedFile: @unchecked Sendable {
    // @unchecked: the mapping is read-only (PROT_READ) and never changes
    // after init; it is unmapped only in deinit.
    struct Failure: Error {
        /// In the reader's language; the system's own words as they are.
        var reason: MessageText

        static func system(_ code: Int32) -> Failure {
            code == ENOENT ? Failure(reason: MessageText("no such file")) : Failure(reason: .verbatim(String(cString: strerror(code)).lowercased()))
        }
    }

    private let base: UnsafeRawPointer
    let count: Int
    /// Bytes held in memory rather than mapped from a file.
    private let inMemory: Bool

    init(path: String) throws(Failure) {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Failure(reason: MessageText("it is a directory"))
        default: throw Failure(reason: MessageText("it is not a regular file"))
        }
        count = Int(status.st_size)
        guard count > 0 else { throw Failure(reason: MessageText("the file is empty")) }
        guard let mapping = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), mapping != MAP_FAILED else {
            throw .system(errno)
        }
        // Lookups touch a few scattered pages: no read-ahead.
        madvise(mapping, count, MADV_RANDOM)
        base = UnsafeRawPointer(mapping)
        inMemory = false
    }

    /// The same reads over bytes in memory: an index that could not be
    /// written to the cache is used from here for the run.
    init(bytes: [UInt8]) {
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        base = UnsafeRawPointer(copy)
        count = bytes.count
        inMemory = true
    }

    deinit {
        if inMemory {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        } else {
            munmap(UnsafeMutableRawPointer(mutating: base), count)
        }
    }

    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        guard offset >= 0, offset < count else { return 0 }
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    @inline(__always)
    func uint16(at offset: Int) -> UInt16 {
        guard offset >= 0, offset + 2 <= count else { return 0 }
        return UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inline(__always)
    func uint32(at offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= count else { return 0 }
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always)
    func float(at offset: Int) -> Float { Float(bitPattern: uint32(at: offset)) }

    /// The bytes in `offset..<offset+count`, clipped to the file.
    func bytes(at offset: Int, count length: Int) -> UnsafeRawBufferPointer {
        let start = min(max(0, offset), count)
        let stop = min(max(start, offset + length), count)
        return UnsafeRawBufferPointer(start: base + start, count: stop - start)
    }

    /// Whether the file holds `prefix` at `offset`.
    func startsWith(_ prefix: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + prefix.count <= count else { return false }
        return prefix.withUnsafeBytes { memcmp(base + offset, $0.baseAddress!, prefix.count) == 0 }
    }

    /// Sign of the `length` bytes at `offset` minus `other`, as byte strings.
    /// With `prefixOnly`, bytes that start with `other` compare equal.
    func compare(at offset: Int, length: Int, with other: [UInt8], prefixOnly: Bool) -> Int {
        guard offset >= 0, offset + length <= count else { return 1 }
        let shared = min(length, other.count)
        let result = shared == 0 ? 0 : other.withUnsafeBytes { memcmp(base + offset, $0.baseAddress!, shared) }
        if result != 0 { return Int(result) }
        if prefixOnly, length >= other.count { return 0 }
        return length - other.count
    }
}
