import ForecastCore
import Foundation

/// Reading a provider's JSON answer: an HTML page (a proxy's, or an error
/// page sent with 200) is named as such and never handed to the decoder,
/// and a decoder's error becomes one sentence naming the field.
enum JSONBody {
    static func decode<T: Decodable>(_ type: T.Type, from body: [UInt8], service: ServiceName) throws(ForecastError) -> T {
        if body.first(where: { !$0.isASCIIWhitespace }) == UInt8(ascii: "<") {
            throw .undecodable(field: nil, detail: "it sent an HTML page instead of JSON", service: service)
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(body))
        } catch {
            throw describe(error, service: service)
        }
    }

    static func describe(_ error: any Error, service: ServiceName) -> ForecastError {
        guard let error = error as? DecodingError else {
            return .undecodable(field: nil, detail: "\(error)", service: service)
        }
        func path(_ context: DecodingError.Context) -> String? {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
            return trimmed.isEmpty ? nil : trimmed
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context).map { "\($0)." } ?? ""
            return .undecodable(field: parent + key.stringValue, detail: "it is missing", service: service)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return .undecodable(field: path(context), detail: "it has the wrong type", service: service)
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return .undecodable(field: nil, detail: "the body is not valid JSON (truncated, or a bare nan/inf)", service: service)
            }
            return .undecodable(field: path(context), detail: "its value is invalid", service: service)
        @unknown default:
            return .undecodable(field: nil, detail: "\(error)", service: service)
        }
    }
}

extension UInt8 {
    var isASCIIWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
