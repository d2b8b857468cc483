import Foundation

/// A running process's thread count and resident set, read from `/proc/PID/status` (Linux),
/// for `bench live`; `cpuSeconds(pid:)` reads the CPU time it has used.
///
/// ```swift
/// if let sample = ProcessSample(pid: server.process.processIdentifier) { print(sample.threads, sample.rssMB) }
/// ```
struct ProcessSample {
  var threads: Int
  var rssMB: Double

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
    guard let threads, let rssKB else { return nil }
    self.threads = threads
    self.rssMB = BenchCommand.rounded(rssKB / 1024, places: 1)
  }

  /// The user and system time of all the process's threads, in seconds (to the kernel's clock
  /// tick), from `/proc/PID/stat`; nil if it cannot be read. Not part of a sample: the sampler
  /// takes one every second and needs no CPU time, and a missing stat file loses no sample.
  static func cpuSeconds(pid: Int32) -> Double? {
    // The fields after the command name, which is in parentheses and may hold spaces: utime
    // and stime are the 12th and 13th after it (fields 14 and 15 of proc(5)).
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let nameEnd = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
