/// An answer that decoded as JSON but does not make a forecast: the field
/// at fault and what is wrong with it. Each provider's mapping throws it,
/// and its service turns it into `ForecastError.undecodable`.
struct InvalidPayload: Error, Equatable {
    var field: String
    var detail: String
}
