import Foundation

/// Writes the values of a stored record one after another: integers as
/// LEB128 varints (zigzag for signed ones), doubles as their eight bytes
/// (little-endian bit patterns, so every value comes back exactly),
/// strings as a length and UTF-8, and each optional as a 0/1 byte before
/// its value. `RecordReader` reads them back in the same order.
struct RecordWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: UInt8) { bytes.append(value) }

    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func write(unsigned value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func write(_ value: Int) {
        let signed = Int64(value)
        write(unsigned: UInt64(bitPattern: (signed << 1) ^ (signed >> 63)))
    }

    mutating func write(_ value: Double) {
        var pattern = value.bitPattern.littleEndian
        withUnsafeBytes(of: &pattern) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: Date) { write(value.timeIntervalSince1970) }

    mutating func write(_ value: String) {
        let utf8 = Array(value.utf8)
        write(unsigned: UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    mutating func write<Value>(_ value: Value?, _ writeValue: (inout RecordWriter, Value) -> Void) {
        guard let value else { return write(false) }
        write(true)
        writeValue(&self, value)
    }

    mutating func write(_ value: Double?) { write(value) { $0.write($1) } }
    mutating func write(_ value: Int?) { write(value) { $0.write($1) } }
    mutating func write(_ value: Bool?) { write(value) { $0.write($1) } }
    mutating func write(_ value: String?) { write(value) { $0.write($1) } }
    mutating func write(_ value: Date?) { write(value) { $0.write($1) } }

    mutating func write<Element>(_ values: [Element], _ writeElement: (inout RecordWriter, Element) -> Void) {
        write(unsigned: UInt64(values.count))
        for value in values { writeElement(&self, value) }
    }
}
