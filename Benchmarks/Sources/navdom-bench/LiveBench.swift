import Foundation
import Synchronization

/// `navdom-bench live`: events per second a live server answers, with K sessions driven the
/// way browsers drive them. For each core set (default `0` then `0,1`) it starts
/// `navdom serve` pinned there with `taskset`, opens K sessions (GET the page, read the session
/// and the ids that listen for clicks from it), and has each send real events one after the
/// other, as fast as they are answered, for a fixed time: open the "Add item" sheet, cancel it
/// (Escape on the dialog the reply inserted), push the first item's page, pop it (the
/// browser's Back, a popstate to `/`). Prints one JSON line per run; with `rounds`, every core
/// set runs that many times and a summary line ends them (`run`).
///
/// The load generator runs in this process, on one thread, unpinned: on a 2-core machine it
/// shares the cores with the server in the 2-core run, so the figure understates what 2 cores
/// give the server (by as little as the generator's own cost per event allows). Each line
/// says how much that was: the generator thread's CPU time over the run (`generator_cpu_share`,
/// in cores) and per event answered.
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
    /// The CPU time of the load generator's own thread while it ran, so that each run says
    /// how much of the machine it took from the server.
    var generatorCPUSeconds = 0.0
  }

  /// The CPU time the calling thread has used, in seconds.
  static func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// `rounds` rounds of a run per core set, the order reversed every other round (a round's
  /// first run never always the same set). With two core sets or more, ends with a summary:
  /// each set's median events/s over the rounds, and the median of the rounds' ratios (last
  /// set over first): a shared 2-core VM changes pace for seconds at a time, and one run per
  /// set gave 1.45x and then 2.04x for the same binaries minutes apart; pairs taken seconds
  /// apart, and their median, are what a ratio can be read from.
  static func run(
    sessions: Int, seconds: Double, coreSets: [String], rounds: Int = 1, newSessionEvery: Double? = nil,
    server path: String? = nil
  ) -> Int32 {
    var eventsPerSecond: [String: [Double]] = [:]
    var ratios: [Double] = []
    for round in 1...max(rounds, 1) {
      var thisRound: [String: Double] = [:]
      for cores in round % 2 == 1 ? coreSets : coreSets.reversed() {
        guard var line = measure(
          sessions: sessions, seconds: seconds, cores: cores, newSessionEvery: newSessionEvery, server: path)
        else { return 1 }
        if rounds > 1 { line["round"] = round }
        printLine(line)
        let events = line["events_per_s"] as? Double ?? 0
        thisRound[cores] = events
        eventsPerSecond[cores, default: []].append(events)
      }
      if coreSets.count > 1, let first = thisRound[coreSets[0]], first > 0, let last = thisRound[coreSets.last!] {
        ratios.append(last / first)
      }
    }
    guard coreSets.count > 1, !ratios.isEmpty else { return 0 }
    func median(_ values: [Double], places: Int) -> Double {
      BenchCommand.rounded(BenchCommand.median(values.sorted()), places: places)
    }
    printLine([
      "bench": "live-summary", "rounds": rounds, "sessions": sessions, "seconds": seconds,
      "cpus": coreSets, "cores": coreSets.map { $0.split(separator: ",").count },
      "events_per_s_median": coreSets.map { median(eventsPerSecond[$0, default: [0]], places: 1) },
      "ratios": ratios.map { BenchCommand.rounded($0) },
      "ratio_median": median(ratios, places: 3),
    ])
    return 0
  }

  /// Prints `line` as one JSON object, keys sorted, and flushes it (a reader follows the runs).
  static func printLine(_ line: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
    fflush(nil)
  }

  /// One run: the server pinned to `cores`, loaded for `seconds`; its JSON line's fields, or
  /// nil when the server did not start.
  static func measure(
    sessions: Int, seconds: Double, cores: String, newSessionEvery: Double?, server path: String?
  ) -> [String: Any]? {
    guard let server = PinnedServer(cores: cores, navdom: path) else { return nil }
    defer { server.stop() }
    let sampler = Sampler(pid: server.process.processIdentifier)
    let startCPU = ProcessSample.cpuSeconds(pid: server.process.processIdentifier)
    let opener = newSessionEvery.map { SessionOpener(port: server.port, every: $0) }
    let figures = load(port: server.port, sessions: sessions, seconds: seconds)
    opener?.stop()
    sampler.stop()
    let end = ProcessSample(pid: server.process.processIdentifier)
    let endCPU = ProcessSample.cpuSeconds(pid: server.process.processIdentifier)
    let sorted = figures.latencies.sorted()
    func percentile(_ p: Double) -> Double {
      guard !sorted.isEmpty else { return 0 }
      return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
    var line: [String: Any] = [
      "bench": "live", "sessions": sessions, "cores": cores.split(separator: ",").count,
      "cpus": cores, "seconds": seconds,
      "events_per_s": BenchCommand.rounded(Double(figures.events) / seconds, places: 1),
      "p50_ms": BenchCommand.rounded(percentile(0.5)),
      "p99_ms": BenchCommand.rounded(percentile(0.99)),
      "errors": figures.errors,
      "generator_cpu_share": BenchCommand.rounded(figures.generatorCPUSeconds / seconds),
      "generator_us_per_event": figures.events > 0
        ? BenchCommand.rounded(figures.generatorCPUSeconds / Double(figures.events) * 1e6, places: 1) : 0,
      "threads": end?.threads ?? -1, "rss_mb": end?.rssMB ?? -1,
    ]
    if let startCPU, let endCPU, figures.events > 0 {
      // What the server used, with its sessions' first pages: on this VM a slow 2-core run
      // took as much CPU as a fast one, each event more (the cores, not the server, were slow).
      let cpu = endCPU - startCPU
      line["server_cpu_share"] = BenchCommand.rounded(cpu / seconds)
      line["server_us_per_event"] = BenchCommand.rounded(cpu / Double(figures.events) * 1e6, places: 1)
    }
    let samples = sampler.samples
    line["threads_max"] = samples.map(\.threads).max() ?? -1
    line["rss_mb_max"] = samples.map(\.rssMB).max() ?? -1
    if samples.count > 10 { line["rss_mb_10s"] = samples[9].rssMB }
    if let opener {
      line["new_sessions"] = opener.opened
      line["new_session_errors"] = opener.errors
      if samples.count > 10, let end { line["rss_rise_after_10s_mb"] = BenchCommand.rounded(end.rssMB - samples[9].rssMB, places: 1) }
    }
    return line
  }

  /// K sessions driven from this one thread, each sending events one after the other, until
  /// `seconds` have passed: every session has its page before the clock starts, then an epoll
  /// set over all their connections (`ReadySet`) hands each reply to its session, which sends
  /// its next event at once. (A thread per session, blocked on its socket, cost the machine about a third as
  /// much CPU per event as the server itself, measured: on 2 cores that share went to the load
  /// generator instead of the server.) Only events answered before the time is up count.
  static func load(port: Int, sessions: Int, seconds: Double) -> Figures {
    var figures = Figures()
    var visitors: [BenchVisitor] = []
    for _ in 0..<sessions {
      if let visitor = BenchVisitor(port: port) { visitors.append(visitor) } else { figures.errors += 1 }
    }
    let readiness = ReadySet(capacity: visitors.count)
    for index in visitors.indices { readiness.watch(visitors[index].connection.descriptor, as: index) }
    var sentAt = [UInt64](repeating: 0, count: visitors.count)
    /// Sends the visitor's next event; after an error, first opens its page again (or drops it).
    func next(_ index: Int, afterError: Bool = false) {
      var failed = afterError
      while true {
        if failed {
          figures.errors += 1
          readiness.forget(visitors[index].connection.descriptor)
          guard visitors[index].reopen() else { return }  // dropped: nothing wakes for it again
          readiness.watch(visitors[index].connection.descriptor, as: index)
        }
        sentAt[index] = DispatchTime.now().uptimeNanoseconds
        if visitors[index].sendNext() { return }
        failed = true
      }
    }
    let cpuAtStart = threadCPUSeconds()
    let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    for index in visitors.indices { next(index) }
    while true {
      let now = DispatchTime.now().uptimeNanoseconds
      guard now < end else { break }
      readiness.wait(milliseconds: Int32(max(1, (end - now) / 1_000_000))) { index in
        let answeredAt = DispatchTime.now().uptimeNanoseconds
        switch visitors[index].takeAnswer() {
        case .pending:
          return
        case .answered:
          guard answeredAt < end else { return }
          figures.events += 1
          figures.latencies.append(Double(answeredAt - sentAt[index]) / 1e6)
          next(index)
        case .failed:
          next(index, afterError: true)
        }
      }
    }
    figures.generatorCPUSeconds = threadCPUSeconds() - cpuAtStart
    return figures
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
        let ok = BenchConnection(port: port)?.request(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))?.0 == 200
        state.withLock { ok ? ($0.opened += 1) : ($0.errors += 1) }
        Thread.sleep(forTimeInterval: every)
      }
    }
  }

  var opened: Int { state.withLock { $0.opened } }
  var errors: Int { state.withLock { $0.errors } }
  func stop() { state.withLock { $0.stopped = true } }
}
