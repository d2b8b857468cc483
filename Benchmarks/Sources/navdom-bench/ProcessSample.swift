import Foundation

/// A running process's thread count and resident set, read from `/proc/PID/status`, and the
/// CPU time it has used, from `/proc/PID/stat` (Linux), for `bench live`.
///
/// ```swift
/// if let sample = ProcessSample(pid: server.process.processIdentifier) { print(sample.threads, sample.rssMB) }
/// ```
struct ProcessSample {
  var threads: Int
  var rssMB: Double
  /// User and system time of all its threads, in seconds (to the kernel's clock tick).
  var cpuSeconds: Double

  init?(pid: Int32) {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    var threads: Int?
    var rssKB: Double?
    for line in status.split(separator: "\n") {
      let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard parts.count >= 2 else { continue }
      if parts[0] == "Threads:" { threads = Int(parts[1]) }
      if parts[0] == "VmRSS:" { rssKB = Double(parts[1]) }
    }
    // The fields after the command name, which is in parentheses and may hold spaces: utime
    // and stime are the 12th and 13th after it (fields 14 and 15 of proc(5)).
    guard let threads, let rssKB, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let nameEnd = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    self.cpuSeconds = (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    self.threads = threads
    self.rssMB = (rssKB / 1024 * 10).rounded() / 10
  }
}
