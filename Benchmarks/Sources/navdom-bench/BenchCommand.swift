import BenchmarkTable
import HTMLRenderer
import LiveSessions
import VirtualDOM
import VirtualDOMTesting
import NavDOMCommandLine

/// `navdom-bench`: figures, one JSON object per line. Benchmarks print numbers; no test times
/// anything.
enum BenchCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let valued: Set<String> = [
      "--rows", "--iterations", "--operation", "--factor", "--rounds", "--sessions", "--seconds", "--cores",
      "--new-session-ms", "--server",
      "--updates",
    ]
    guard let options = CommandLineOptions(arguments, valued: valued, flags: ["--help", "--in-process"]) else {
      Console.error(BenchUsage.text)
      return 2
    }
    if options.flags.contains("--help") || options.positional.isEmpty {
      print(BenchUsage.text)
      return options.flags.contains("--help") ? 0 : 2
    }
    switch options.positional[0] {
    case "render":
      guard let rows = options.integer("--rows", default: 10_000),
        let iterations = options.integer("--iterations", default: max(5, 200_000 / max(rows, 1)))
      else { return 2 }
      benchRender(rows: rows, iterations: max(iterations, 1))
    case "diff":
      guard let rows = options.integer("--rows", default: 1_000),
        let iterations = options.integer("--iterations", default: max(3, 50_000 / max(rows, 1)))
      else { return 2 }
      guard let only = operation(options) else { return 2 }
      benchDiff(rows: rows, iterations: max(iterations, 1), only: only)
    case "diff-scaling": return runDiffScaling(options)
    case "live": return runLive(options)
    case "memory":
      guard let updates = options.integer("--updates", default: 10_000) else { return 2 }
      return MemoryBench.run(updates: max(updates, 1))
    case "payload":
      guard let rows = options.integer("--rows", default: 1_000) else { return 2 }
      PayloadBench.run(rows: rows)
    case "listening-rows":
      guard let rows = options.integer("--rows", default: 1_000),
        let iterations = options.integer("--iterations", default: 50)
      else { return 2 }
      ListeningRowsBench.run(rows: rows, iterations: max(iterations, 1))
    case "table-html":
      guard let rows = options.integer("--rows", default: 1_000) else { return 2 }
      Console.write(try! renderHTML(benchmarkTable(Row.make(rows))))
    case "diff-json": return runDiffJSON(options)
    default:
      Console.error("unknown benchmark \"\(options.positional[0])\"\n\n" + BenchUsage.text)
      return 2
    }
    return 0
  }

  /// `diff-scaling`: each operation in a process of its own, unless one is named or
  /// `--in-process` is given.
  static func runDiffScaling(_ options: CommandLineOptions) -> Int32 {
    guard let rows = options.integer("--rows", default: 1_000),
      let factor = options.integer("--factor", default: 10),
      let rounds = options.integer("--rounds", default: 8),
      let iterations = options.integer("--iterations", default: 50),
      let only = operation(options)
    else { return 2 }
    let sizes = (rows: max(rows, 1), factor: max(factor, 1), rounds: max(rounds, 1), iterations: max(iterations, 1))
    if only == nil && !options.flags.contains("--in-process") {
      return DiffScalingBench.runEachInItsOwnProcess(
        rows: sizes.rows, factor: sizes.factor, rounds: sizes.rounds, iterations: sizes.iterations)
    }
    DiffScalingBench.run(rows: sizes.rows, factor: sizes.factor, rounds: sizes.rounds, iterations: sizes.iterations, only: only)
    return 0
  }

  /// `live`: the live server under load, on each set of cores in turn.
  static func runLive(_ options: CommandLineOptions) -> Int32 {
    guard let sessions = options.integer("--sessions", default: 64),
      let seconds = options.integer("--seconds", default: 10),
      let newSessionMS = options.integer("--new-session-ms", default: 0),
      let rounds = options.integer("--rounds", default: 1)
    else { return 2 }
    let coreSets = (options.values["--cores"] ?? "0;0,1").split(separator: ";").map(String.init)
    return LiveBench.run(
      sessions: max(sessions, 1), seconds: Double(max(seconds, 1)), coreSets: coreSets,
      rounds: max(rounds, 1), newSessionEvery: newSessionMS > 0 ? Double(newSessionMS) / 1000 : nil,
      server: options.values["--server"])
  }

  /// `diff-json`: one operation's patches on the benchmark table, in the wire format (for the
  /// wasm parity test).
  static func runDiffJSON(_ options: CommandLineOptions) -> Int32 {
    guard let rows = options.integer("--rows", default: 1_000) else { return 2 }
    guard let name = options.values["--operation"], let operation = Operation(rawValue: name) else {
      Console.error("--operation is one of: " + Operation.allCases.map(\.rawValue).joined(separator: ", "))
      return 2
    }
    let change = operation.apply(to: Row.make(rows))
    let patches = diff(benchmarkTable(change.before), benchmarkTable(change.after, selectedID: change.selectedAfter))
    Console.write(WireFormat.encode(patches) + "\n")
    return 0
  }

  /// The operation `--operation` names: nil inside when it names none, nil (after saying why)
  /// when it names an unknown one.
  static func operation(_ options: CommandLineOptions) -> Operation?? {
    guard let name = options.values["--operation"] else { return .some(nil) }
    guard let operation = Operation(rawValue: name) else {
      Console.error("--operation is one of: " + Operation.allCases.map(\.rawValue).joined(separator: ", "))
      return nil
    }
    return operation
  }

  /// Builds the table from row data with the DSL and renders it to bytes, as React's anchor
  /// script does with `renderToString`.
  ///
  /// The output buffer is reused from render to render (`Serializer.reset()`), as a server
  /// reuses a connection's buffer; the tree is built from the rows with the DSL every time.
  static func benchRender(rows count: Int, iterations: Int) {
    let rows = Row.make(count)
    var serializer = Serializer(style: .compact, capacity: count * 230 + 64)
    func once() -> Int {
      serializer.reset()
      try! serializer.write(benchmarkTable(rows))
      return serializer.byteCount
    }
    let (milliseconds, bytes) = millisecondsPerRun(iterations: iterations, once)
    let megabytesPerSecond = Double(bytes) / milliseconds / 1e3

    // The two halves apart: building the tree, and writing a built tree.
    let clock = ContinuousClock()
    let built = benchmarkTable(rows)
    var buildTime = Duration.zero
    var writeTime = Duration.zero
    for _ in 0..<iterations {
      var phase = clock.now
      _ = benchmarkTable(rows)
      buildTime += clock.now - phase
      phase = clock.now
      serializer.reset()
      try! serializer.write(built)
      writeTime += clock.now - phase
    }
    let buildMilliseconds = Self.seconds(buildTime) / Double(iterations) * 1000
    let writeMilliseconds = Self.seconds(writeTime) / Double(iterations) * 1000
    print(
      #"{"bench":"render","rows":\#(count),"bytes":\#(bytes),"iterations":\#(iterations),"ms_per_render":\#(rounded(milliseconds)),"MBps":\#(rounded(megabytesPerSecond, places: 1)),"ms_build":\#(rounded(buildMilliseconds)),"ms_write":\#(rounded(writeMilliseconds))}"#)
  }

  /// The nine js-framework-benchmark operations (or the one `--operation` names): patch counts,
  /// and time per diff and per apply to the in-memory DOM.
  ///
  /// Every diff and every apply is timed on its own and the median is reported, the minimum
  /// beside it: the machine is shared, and in a mean one descheduled run moves the figure. One
  /// untimed diff comes first. The diffs run back to back, then the applies in a loop of their
  /// own: mounting a fresh MemoryDOM for every apply (80,000 nodes at 10,000 rows) between two
  /// diffs swapped the trees out of the cache and filled the allocator's free lists, and that
  /// was charged to the diff. The previous diff's patches are released outside the timed span.
  ///
  /// Back to back, the 1,000-row trees (~1.8 MB together) stay in the 4 MiB L2 cache from one
  /// diff to the next and the 10,000-row ones (~18 MB) cannot, so `ms_per_diff` compares a
  /// cached walk with an uncached one. `ms_per_diff_cold` times each diff after writing
  /// `evictionBytes` elsewhere, which pushes the trees out of L1 and L2 at every size: what a
  /// diff costs when other work ran since the trees were last touched, the same for both sizes.
  static func benchDiff(rows count: Int, iterations: Int, only: Operation? = nil) {
    let clock = ContinuousClock()
    for operation in Operation.allCases where only == nil || operation == only {
      let diffCase = DiffCase(operation: operation, rows: count)
      let (diffTimes, coldDiffTimes, patches) = diffCase.timeDiffs(iterations: iterations)

      var applyTimes: [Duration] = []
      applyTimes.reserveCapacity(iterations)
      for _ in 0..<iterations {
        var dom = MemoryDOM(mounting: diffCase.mounted.roots)
        let start = clock.now
        try! dom.apply(patches)
        applyTimes.append(clock.now - start)
      }

      var counts: [String: Int] = [:]
      for patch in patches { counts[patch.operation, default: 0] += 1 }
      let countsJSON = counts.keys.sorted().map { "\"\($0)\":\(counts[$0]!)" }.joined(separator: ",")
      let diff = milliseconds(diffTimes)
      let coldDiff = milliseconds(coldDiffTimes)
      let apply = milliseconds(applyTimes)
      print(
        #"{"bench":"diff","operation":"\#(operation.rawValue)","rows":\#(count),"iterations":\#(iterations),"patches":\#(patches.count),"ops":{\#(countsJSON)},"ms_per_diff":\#(rounded(diff.median, places: 4)),"ms_per_diff_min":\#(rounded(diff.minimum, places: 4)),"ms_per_diff_cold":\#(rounded(coldDiff.median, places: 4)),"ms_per_apply":\#(rounded(apply.median, places: 4)),"ms_per_apply_min":\#(rounded(apply.minimum, places: 4)),"ms_per_diff_and_apply":\#(rounded(diff.median + apply.median, places: 4))}"#)
    }
  }

  /// One benchmark operation's trees at one size: mounted before the operation, and the tree
  /// after it.
  struct DiffCase {
    let rows: Int
    let mounted: MountedTree
    let newRoots: [Node]

    init(operation: Operation, rows: Int) {
      let change = operation.apply(to: Row.make(rows))
      self.rows = rows
      mounted = MountedTree([benchmarkTable(change.before)])
      newRoots = [benchmarkTable(change.after, selectedID: change.selectedAfter)]
    }

    /// `iterations` diffs back to back (after one untimed diff), then `iterations` each after
    /// evicting the caches; with the last diff's patches.
    func timeDiffs(iterations: Int) -> (warm: [Duration], cold: [Duration], patches: [Patch]) {
      let (warm, patches) = BenchCommand.timeDiffs(mounted, to: newRoots, iterations: iterations, untimed: 1) {}
      let cold = BenchCommand.timeDiffs(
        mounted, to: newRoots, iterations: iterations, untimed: 0, prepare: BenchCommand.evictCaches
      ).times
      return (warm, cold, patches)
    }
  }

  /// Times `iterations` diffs of `mounted` to `newRoots`, after `untimed` more, each preceded
  /// by `prepare` (untimed). Returns the times and the patches of `mounted` itself to
  /// `newRoots` (its ids, for applying to a DOM of it); each diff's patches are released
  /// outside the timed span.
  ///
  /// One mounted tree goes to `newRoots` (timed) and back (untimed), as an app's mounted tree
  /// lives from update to update: what a diff keeps for the next one (its key table's storage)
  /// is reused, as it is in a running app.
  static func timeDiffs(
    _ mounted: MountedTree, to newRoots: [Node], iterations: Int, untimed: Int, prepare: () -> Void
  ) -> (times: [Duration], patches: [Patch]) {
    let clock = ContinuousClock()
    var patches: [Patch] = []
    var times: [Duration] = []
    times.reserveCapacity(iterations)
    var tree = mounted
    let oldRoots = mounted.roots
    for iteration in -untimed..<iterations {
      prepare()
      let start = clock.now
      let result = tree.update(to: newRoots)
      let end = clock.now
      patches = result
      if iteration >= 0 { times.append(end - start) }
      _ = tree.update(to: oldRoots)
    }
    // The tree's ids moved on with every round trip: the patches returned are `mounted`'s own.
    var fresh = mounted
    patches = fresh.update(to: newRoots)
    return (times, patches)
  }

  /// `run` three times untimed, then `iterations` times timed: the mean milliseconds per run,
  /// and the last run's result.
  static func millisecondsPerRun<Result>(iterations: Int, _ run: () -> Result) -> (Double, Result) {
    var result = run()
    for _ in 0..<2 { result = run() }
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<iterations { result = run() }
    return (seconds(clock.now - start) / Double(iterations) * 1000, result)
  }

  /// Bytes written between cold diffs: 16 MiB, sixteen times the 1 MiB L2 of each core of the
  /// machines the figures come from (half their 32 MiB L3).
  static let evictionBytes = 16 << 20
  /// A global, so that the optimizer cannot drop the writes as never read.
  nonisolated(unsafe) static var eviction = [UInt64](repeating: 0, count: evictionBytes / 8)

  static func evictCaches() {
    eviction.withUnsafeMutableBufferPointer { words in
      for index in words.indices { words[index] &+= 1 }
    }
  }

  /// The median and the minimum of `times`, in milliseconds.
  static func milliseconds(_ times: [Duration]) -> (median: Double, minimum: Double) {
    let sorted = times.map { seconds($0) * 1000 }.sorted()
    guard !sorted.isEmpty else { return (0, 0) }
    return (median(sorted), sorted[0])
  }

  /// The median of `sorted`, which is sorted and not empty.
  static func median(_ sorted: [Double]) -> Double {
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  static func rounded(_ value: Double, places: Int = 3) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (value * scale).rounded() / scale
  }
}
