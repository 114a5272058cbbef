import ForecastlyBase
import Foundation
import ZIPFoundation

/// Reads a GeoNames dump as GeoNames publishes it (cities500.zip) or as it
/// is often kept (the .txt inside, or gzipped), recognised by content, not
/// by file name.
enum GeoNamesDump {
    static func text(at path: String) throws(GazetteerImportError) -> String {
        let bytes: [UInt8]
        do throws(InputFile.Failure) {
            bytes = try InputFile.bytes(at: path, limit: maximumSize)
        } catch {
            if case .tooLarge = error { throw .unsupportedFormat(path: path, reason: error.reason) }
            throw .unreadable(path: path, reason: error.reason)
        }
        return try text(of: bytes, path: path)
    }

    /// A dump larger than this is no cities dump (cities500.txt is 36 MB,
    /// every place on Earth 1.6 GB); it also ends a pipe that never does.
    static let maximumSize = 4 << 30

    /// The text of a dump already in memory; `path` names it in errors.
    static func text(of bytes: [UInt8], path: String) throws(GazetteerImportError) -> String {
        if bytes.starts(with: [0x1F, 0x8B]) {
            return String(decoding: try gunzip(bytes, path: path), as: UTF8.self)
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return String(decoding: try unzip(Data(bytes), path: path), as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One gzip member (RFC 1952): header, raw deflate, CRC-32 and size.
    static func gunzip(_ bytes: [UInt8], path: String) throws(GazetteerImportError) -> [UInt8] {
        func damaged(_ reason: MessageText) -> GazetteerImportError { .unsupportedFormat(path: path, reason: reason) }
        guard bytes.count >= 18, bytes[2] == 8 else { throw damaged(MessageText("the gzip data is truncated or not deflate")) }
        let flags = bytes[3]
        var offset = 10
        if flags & 0x04 != 0 {  // FEXTRA
            guard offset + 2 <= bytes.count else { throw damaged(MessageText("the gzip header is truncated")) }
            offset += 2 + Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
        }
        for flag in [UInt8(0x08), 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: zero-terminated
            while offset < bytes.count, bytes[offset] != 0 { offset += 1 }
            offset += 1
        }
        if flags & 0x02 != 0 { offset += 2 }  // FHCRC
        guard offset + 8 <= bytes.count else { throw damaged(MessageText("the gzip data is truncated")) }
        let compressed = Data(bytes[offset..<(bytes.count - 8)])
        let (output, checksum) = try inflate(compressed, path: path)
        let trailer = bytes.suffix(8).map(UInt32.init)
        let expectedCRC = trailer[0] | trailer[1] << 8 | trailer[2] << 16 | trailer[3] << 24
        let expectedSize = trailer[4] | trailer[5] << 8 | trailer[6] << 16 | trailer[7] << 24
        guard checksum == expectedCRC, UInt32(truncatingIfNeeded: output.count) == expectedSize else {
            throw damaged(MessageText("the gzip data is truncated or damaged (checksum mismatch)"))
        }
        return output
    }

    /// Raw deflate through ZIPFoundation (zlib underneath).
    private static func inflate(_ compressed: Data, path: String) throws(GazetteerImportError) -> ([UInt8], UInt32) {
        struct Truncated: Error {}
        var output: [UInt8] = []
        output.reserveCapacity(compressed.count * 4)
        do {
            let checksum = try Data.decompress(
                size: Int64(compressed.count), bufferSize: 256 << 10, skipCRC32: false,
                provider: { position, size in
                    // zlib wants more input than there is: the stream was cut
                    // short. Throwing ends the read instead of asking forever.
                    guard position < compressed.count else { throw Truncated() }
                    let start = compressed.startIndex + Int(position)
                    return compressed.subdata(in: start..<min(compressed.endIndex, start + size))
                },
                consumer: { chunk in output.append(contentsOf: chunk) })
            return (output, checksum)
        } catch {
            throw .unsupportedFormat(path: path, reason: MessageText("the compressed data is truncated or damaged"))
        }
    }

    /// The dump inside a zip archive: its one .txt file other than a readme.
    private static func unzip(_ data: Data, path: String) throws(GazetteerImportError) -> [UInt8] {
        let archive: Archive
        do {
            archive = try Archive(data: data, accessMode: .read)
        } catch {
            throw .unsupportedFormat(path: path, reason: MessageText("the zip archive is truncated or damaged"))
        }
        let entries = archive.filter { $0.type == .file && $0.path.hasSuffix(".txt") && !$0.path.lowercased().contains("readme") }
        guard let entry = entries.first else {
            throw .unsupportedFormat(path: path, reason: MessageText("the zip archive holds no .txt dump"))
        }
        var output: [UInt8] = []
        output.reserveCapacity(Int(entry.uncompressedSize))
        do {
            _ = try archive.extract(entry, bufferSize: 256 << 10) { chunk in output.append(contentsOf: chunk) }
        } catch {
            throw .unsupportedFormat(path: path, reason: MessageText("{entry} in the zip archive is truncated or damaged", ["entry": entry.path]))
        }
        return output
    }
}
