import Foundation

/// Reads back what `RecordWriter` wrote, checking every length against the
/// bytes left: a damaged or cut record is an `Unreadable` error, never a
/// trap or an allocation the size of a corrupt count.
struct RecordReader {
    /// Why a record could not be read.
    struct Unreadable: Error, Equatable {
        var reason: String
    }

    private let bytes: [UInt8]
    private var offset: Int

    init(_ bytes: [UInt8], from offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() throws(Unreadable) -> UInt8 {
        guard offset < bytes.count else { throw Unreadable(reason: "it ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bool() throws(Unreadable) -> Bool {
        switch try byte() {
        case 0: false
        case 1: true
        default: throw Unreadable(reason: "a yes-or-no byte is neither")
        }
    }

    mutating func unsigned() throws(Unreadable) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            let next = try byte()
            value |= UInt64(next & 0x7F) << UInt64(shift)
            if next < 0x80 { return value }
        }
        throw Unreadable(reason: "a number is too long")
    }

    mutating func int() throws(Unreadable) -> Int {
        let zigzag = try unsigned()
        let value = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
        guard let int = Int(exactly: value) else { throw Unreadable(reason: "a number is too large") }
        return int
    }

    mutating func double() throws(Unreadable) -> Double {
        guard bytes.count - offset >= 8 else { throw Unreadable(reason: "it ends early") }
        var pattern: UInt64 = 0
        for index in 0..<8 { pattern |= UInt64(bytes[offset + index]) << UInt64(8 * index) }
        offset += 8
        return Double(bitPattern: pattern)
    }

    mutating func date() throws(Unreadable) -> Date { Date(timeIntervalSince1970: try double()) }

    mutating func string() throws(Unreadable) -> String {
        let count = try length()
        defer { offset += count }
        guard let text = String(validating: bytes[offset..<offset + count], as: UTF8.self) else {
            throw Unreadable(reason: "a text is not UTF-8")
        }
        return text
    }

    mutating func optional<Value>(_ readValue: (inout RecordReader) throws(Unreadable) -> Value) throws(Unreadable) -> Value? {
        try bool() ? try readValue(&self) : nil
    }

    mutating func optionalDouble() throws(Unreadable) -> Double? { try optional { reader throws(Unreadable) in try reader.double() } }
    mutating func optionalInt() throws(Unreadable) -> Int? { try optional { reader throws(Unreadable) in try reader.int() } }
    mutating func optionalBool() throws(Unreadable) -> Bool? { try optional { reader throws(Unreadable) in try reader.bool() } }
    mutating func optionalString() throws(Unreadable) -> String? { try optional { reader throws(Unreadable) in try reader.string() } }
    mutating func optionalDate() throws(Unreadable) -> Date? { try optional { reader throws(Unreadable) in try reader.date() } }

    /// Each element takes at least one byte, so a count beyond the bytes
    /// left is damage, found before anything is allocated.
    mutating func array<Element>(_ readElement: (inout RecordReader) throws(Unreadable) -> Element) throws(Unreadable) -> [Element] {
        let count = try length()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try readElement(&self)) }
        return elements
    }

    /// A count of bytes or elements, no more than the bytes left.
    private mutating func length() throws(Unreadable) -> Int {
        let count = try unsigned()
        guard count <= UInt64(bytes.count - offset) else { throw Unreadable(reason: "it ends early") }
        return Int(count)
    }
}
