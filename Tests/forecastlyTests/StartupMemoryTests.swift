import CStartup
import Glibc
import Testing

/// The entry point's first call: every page of the executable's zero-filled
/// data mapped at once. Checked here on this test process's own `.bss`.
@Suite struct StartupMemoryTests {
    @Test func mapsEveryPageOfZeroFilledData() throws {
        var start: UInt = 0
        var length = 0
        forecastly_bss_pages(&start, &length)
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        try #require(length > 0)
        #expect(start % UInt(pageSize) == 0 && length % pageSize == 0)

        let untouchedBefore = try residentPages(start: start, length: length, pageSize: pageSize).filter { !$0 }.count
        guard forecastly_populate_bss() == 0 else {
            // Kernels before 5.14 do not know the request; the run goes on as before.
            #expect(errno == EINVAL)
            return
        }
        let resident = try residentPages(start: start, length: length, pageSize: pageSize)
        #expect(resident.allSatisfy { $0 }, "\(resident.filter { !$0 }.count) of \(resident.count) pages still unmapped (\(untouchedBefore) before)")
    }

    /// mincore(2): whether each page of the range is in memory.
    private func residentPages(start: UInt, length: Int, pageSize: Int) throws -> [Bool] {
        var flags = [UInt8](repeating: 0, count: length / pageSize)
        let status = mincore(UnsafeMutableRawPointer(bitPattern: start), length, &flags)
        try #require(status == 0)
        return flags.map { $0 & 1 == 1 }
    }
}
