import Foundation

/// A running process's thread count and resident set, read from `/proc/PID/status` (Linux),
/// for `bench live`.
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
    self.rssMB = (rssKB / 1024 * 10).rounded() / 10
  }
}
