import Foundation
import Synchronization

/// `navdom-bench live`: events per second a live server answers, with K sessions driven the
/// way browsers drive them. For each core set (default `0` then `0,1`) it starts
/// `navdom serve` pinned there with `taskset`, opens K sessions (GET the page, read the session
/// and the ids that listen for clicks from it), and has each send real events one after the
/// other, as fast as they are answered, for a fixed time: open the "Add item" sheet, cancel it
/// (Escape on the dialog the reply inserted), push the first item's page, pop it (the
/// browser's Back, a popstate to `/`). Prints one JSON line per run.
///
/// The load generator runs in this process, unpinned: on a 2-core machine it shares the cores
/// with the server in the 2-core run, so the figure understates what 2 cores give the server.
///
/// Each line ends with the server's threads and resident set (`/proc/PID/status`) at the end of
/// the run, and their largest value and the resident set at 10 s, sampled every second. With
/// `newSessionEvery` a visitor also opens a new session that often during the run (the soak),
/// and the line adds the resident set's rise from 10 s to the end. The server is the root
/// package's `navdom` (``RootPackage/navdom``); `server` runs another navdom build instead (an
/// older one, for before and after in one session).
enum LiveBench {
  struct Figures {
    var events = 0
    var errors = 0
    var latencies: [Double] = []  // milliseconds
  }

  static func run(
    sessions: Int, seconds: Double, coreSets: [String], newSessionEvery: Double? = nil, server path: String? = nil
  ) -> Int32 {
    for cores in coreSets {
      guard let server = PinnedServer(cores: cores, navdom: path) else { return 1 }
      defer { server.stop() }
      let sampler = Sampler(pid: server.process.processIdentifier)
      let opener = newSessionEvery.map { SessionOpener(port: server.port, every: $0) }
      let figures = load(port: server.port, sessions: sessions, seconds: seconds)
      opener?.stop()
      sampler.stop()
      let end = ProcessSample(pid: server.process.processIdentifier)
      let sorted = figures.latencies.sorted()
      func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
      }
      var line: [String: Any] = [
        "bench": "live", "sessions": sessions, "cores": cores.split(separator: ",").count,
        "cpus": cores, "seconds": seconds,
        "events_per_s": (Double(figures.events) / seconds * 10).rounded() / 10,
        "p50_ms": (percentile(0.5) * 1000).rounded() / 1000,
        "p99_ms": (percentile(0.99) * 1000).rounded() / 1000,
        "errors": figures.errors,
        "threads": end?.threads ?? -1, "rss_mb": end?.rssMB ?? -1,
      ]
      let samples = sampler.samples
      line["threads_max"] = samples.map(\.threads).max() ?? -1
      line["rss_mb_max"] = samples.map(\.rssMB).max() ?? -1
      if samples.count > 10 { line["rss_mb_10s"] = samples[9].rssMB }
      if let opener {
        line["new_sessions"] = opener.opened
        line["new_session_errors"] = opener.errors
        if samples.count > 10, let end { line["rss_rise_after_10s_mb"] = ((end.rssMB - samples[9].rssMB) * 10).rounded() / 10 }
      }
      let data = try! JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
      print(String(decoding: data, as: UTF8.self))
      fflush(nil)
    }
    return 0
  }

  /// K sessions on K threads, each sending events one at a time until `seconds` have passed.
  static func load(port: Int, sessions: Int, seconds: Double) -> Figures {
    let total = Mutex(Figures())
    let start = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    let deadline = Mutex<UInt64>(0)  // DispatchTime nanoseconds
    for _ in 0..<sessions {
      group.enter()
      Thread.detachNewThread {
        var figures = Figures()
        defer {
          total.withLock { all in
            all.events += figures.events
            all.errors += figures.errors
            all.latencies += figures.latencies
          }
          group.leave()
        }
        guard let visitor = BenchVisitor(port: port) else {
          figures.errors += 1
          return
        }
        start.wait()
        let end = deadline.withLock { $0 }
        while DispatchTime.now().uptimeNanoseconds < end {
          for step in visitor.steps {
            let began = DispatchTime.now().uptimeNanoseconds
            let ok = visitor.perform(step)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6
            if ok {
              figures.events += 1
              figures.latencies.append(elapsed)
            } else {
              figures.errors += 1
              if !visitor.reopen() { return }
              break
            }
          }
        }
      }
    }
    // Every session has loaded its page before the clock starts.
    Thread.sleep(forTimeInterval: 0.2)
    deadline.withLock { $0 = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9) }
    for _ in 0..<sessions { start.signal() }
    group.wait()
    return total.withLock { $0 }
  }
}

/// `navdom serve` on a free port, pinned to `cores` with taskset.
final class PinnedServer {
  let process = Process()
  let port: Int

  init?(cores: String, navdom path: String? = nil) {
    let navdom = path ?? RootPackage.navdom
    guard FileManager.default.isExecutableFile(atPath: navdom) else {
      Console.error("bench live: no navdom at \(navdom) (build it in the repository root: swift build -c release --product navdom; or pass --server PATH or set NAVDOM_BIN)")
      return nil
    }
    process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
    // The demo's public folder is the repository's, wherever this runs from.
    process.currentDirectoryURL = RootPackage.directory
    process.arguments = ["-c", cores, navdom, "serve", "--port", "0", "--quiet", "--public", "public"]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      Console.error("bench live: cannot start taskset -c \(cores) navdom serve: \(error)")
      return nil
    }
    // The first line says where it listens: "navdom: serving … at http://127.0.0.1:PORT/ …".
    var line = Data()
    while !line.contains(0x0A) {
      let byte = output.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty { break }
      line.append(byte)
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let range = text.range(of: #":(\d+)/"#, options: .regularExpression),
      let port = Int(text[range].dropFirst().dropLast())
    else {
      Console.error("bench live: navdom serve did not say where it listens: \(text)")
      process.terminate()
      return nil
    }
    self.port = port
  }

  func stop() {
    process.terminate()
    process.waitUntilExit()
  }
}

/// The server's threads and resident set, once a second, on a thread of its own.
final class Sampler: Sendable {
  private let state = Mutex((samples: [ProcessSample](), stopped: false))

  init(pid: Int32) {
    Thread.detachNewThread { [self] in
      while !state.withLock({ $0.stopped }) {
        Thread.sleep(forTimeInterval: 1)
        guard let sample = ProcessSample(pid: pid) else { return }
        state.withLock { $0.samples.append(sample) }
      }
    }
  }

  var samples: [ProcessSample] { state.withLock { $0.samples } }
  func stop() { state.withLock { $0.stopped = true } }
}

/// A new visitor every `every` seconds: GET / on a connection of its own (a new session), then
/// gone, as a visitor who leaves after the first page.
final class SessionOpener: Sendable {
  private let state = Mutex((opened: 0, errors: 0, stopped: false))

  init(port: Int, every: Double) {
    Thread.detachNewThread { [self] in
      while !state.withLock({ $0.stopped }) {
        let ok = BenchConnection(port: port)?.request("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")?.0 == 200
        state.withLock { ok ? ($0.opened += 1) : ($0.errors += 1) }
        Thread.sleep(forTimeInterval: every)
      }
    }
  }

  var opened: Int { state.withLock { $0.opened } }
  var errors: Int { state.withLock { $0.errors } }
  func stop() { state.withLock { $0.stopped = true } }
}
