/// A value read from the configuration file, with the line it is on.
public struct Located<Value: Sendable>: Sendable {
    public let value: Value
    public let line: Int

    public init(_ value: Value, line: Int) {
        self.value = value
        self.line = line
    }
}

extension Located: Equatable where Value: Equatable {}
