import Foundation
@testable import Places
import TestSupport

/// The bundled places' index (every place of 15,000 people or more), built
/// once for the suites that read it, on a Dispatch thread.
///
/// Building it takes seconds. Built in a static initializer, it held one
/// thread of Swift's cooperative pool, and each test case waiting for the
/// initializer held another: on a 2-core machine every suite stood still
/// meanwhile (19 s at the start of a CI run, and another suite's 1-minute
/// limit was lost). Awaited here, a waiting test holds no thread.
enum BundledIndex {
    static func gazetteer() async -> Gazetteer { await built.value }

    private static let built = Task<Gazetteer, Never> {
        await offThePool {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("bundled-index-\(UUID().uuidString)")
            return try! PlaceIndex(directories: GazetteerFixture.directories(root), bundled: .linked).open()
        }
    }
}
