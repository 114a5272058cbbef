import Foundation

/// What a run that did not end was doing, read from /proc before it is
/// killed: each thread's name, state and the kernel function it sleeps in
/// ("forecastly S futex_wait_queue, NIO-ELT-0-#0 S ep_poll"), so a hang
/// seen once on a busy machine says where it was.
enum HungProcess {
    static func threads(_ pid: Int32) -> String {
        let tasks = "/proc/\(pid)/task"
        guard let ids = try? FileManager.default.contentsOfDirectory(atPath: tasks) else { return "unreadable" }
        return ids.sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.map { id in
            func read(_ name: String) -> String {
                ((try? String(contentsOfFile: "\(tasks)/\(id)/\(name)", encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
            }
            // stat's third field, after the name in parentheses: R, S, D, Z…
            let state = read("stat").split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "?"
            return "\(read("comm")) \(state) \(read("wchan"))"
        }.joined(separator: ", ")
    }
}
