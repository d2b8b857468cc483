import DemoApp
import Glibc
import HTMLRenderer
import NavDOMHeapInfo
import NavigationCore
import NavigationTesting
import VirtualDOM
import VirtualDOMTesting

/// `navdom-bench memory`: the native counterpart of Tests/wasm/demo-memory.test.js. The demo
/// runs as a visitor's session does, its patches applied to a ``MemoryDOM`` as a page applies
/// them, for 200 warm-up rounds and then N updates (default 10,000) of the same kind as the
/// wasm test's; the heap bytes in use and the resident set are printed after the warm-up and
/// after every 2,000 updates, then their growth.
///
/// ```
/// {"bench":"memory","rounds":2000,"updates_per_round":5,"warm_up_rounds":200}
/// {"bench":"memory","after":"warm-up","updates":0,"heap_bytes":…,"rss_bytes":…}
/// {"bench":"memory","after":"updates","updates":2000,"heap_bytes":…,"rss_bytes":…}
/// {"bench":"memory-summary","updates":10000,…,"heap_growth_bytes":0,…,"rss_growth_bytes":0}
/// ```
enum MemoryBench {
  static let warmUpRounds = 200
  /// Updates between two readings.
  static let reportEvery = 2_000

  static func run(updates: Int) -> Int32 {
    let rounds = max(1, (updates + DemoPage.updatesPerRound - 1) / DemoPage.updatesPerRound)
    // The first line goes out before the warm-up, so stdout's buffer is allocated before the
    // first reading, not counted as growth.
    print(
      #"{"bench":"memory","rounds":\#(rounds),"updates_per_round":\#(DemoPage.updatesPerRound),"warm_up_rounds":\#(warmUpRounds)}"#)
    fflush(nil)
    do {
      let page = try DemoPage()
      for round in 0..<warmUpRounds { try page.round(round) }
      let warm = MemoryReading()
      report(warm, after: "warm-up", updates: 0)
      var latest = warm
      let roundsPerReport = max(1, reportEvery / DemoPage.updatesPerRound)
      for round in 0..<rounds {
        try page.round(round)
        let done = round + 1
        if done % roundsPerReport == 0 || done == rounds {
          latest = MemoryReading()
          report(latest, after: "updates", updates: done * DemoPage.updatesPerRound)
        }
      }
      // After the figures: the DOM the patches built is the page the runtime renders.
      try page.checkDOMMatchesRender()
      print(
        #"{"bench":"memory-summary","updates":\#(rounds * DemoPage.updatesPerRound),"heap_bytes_after_warm_up":\#(warm.heapBytes),"heap_bytes":\#(latest.heapBytes),"heap_growth_bytes":\#(latest.heapBytes - warm.heapBytes),"rss_bytes_after_warm_up":\#(warm.residentBytes),"rss_bytes":\#(latest.residentBytes),"rss_growth_bytes":\#(latest.residentBytes - warm.residentBytes)}"#)
      return 0
    } catch {
      Console.error("bench memory: \(error)")
      return 1
    }
  }

  private static func report(_ reading: MemoryReading, after phase: StaticString, updates: Int) {
    print(
      #"{"bench":"memory","after":"\#(phase)","updates":\#(updates),"heap_bytes":\#(reading.heapBytes),"rss_bytes":\#(reading.residentBytes)}"#)
    fflush(nil)
  }
}

/// The demo as one visitor's page runs it: the session the live server and the WebAssembly
/// module start (``inventorySession(url:)``), driven by events as a person sends them, and a
/// ``MemoryDOM`` that every update's patches are applied to.
final class DemoPage {
  static let updatesPerRound = 5

  let model: InventoryModel
  let driver: PageDriver
  var dom: MemoryDOM

  init() throws(DemoPageError) {
    guard let session = inventorySession(url: "/"), let model = session.model(as: InventoryModel.self) else {
      throw DemoPageError("the demo has no page at /")
    }
    self.model = model
    driver = PageDriver(runtime: session.runtime)
    dom = MemoryDOM(mounting: session.runtime.nodes)
  }

  /// One round, five updates, as in demo-memory.test.js: open the new-item sheet, type into it,
  /// cancel it (Escape), push an item's page, go back (the last two as the browser's history
  /// moves, a popstate each).
  func round(_ index: Int) throws {
    try update("open the sheet") { try driver.press("Add item") }
    try update("type") { try driver.type("item \(index)", into: "Name") }
    try update("Escape") { try driver.pressEscape() }
    try update("push /items/1") { popState(to: "/items/1") }
    try update("back to /") { popState(to: "/") }
    guard model.destination == nil, model.url == "/" else {
      throw DemoPageError("round \(index) ended at \(model.url) with a dialog open")
    }
  }

  /// The browser's back or forward to `url`, as `AppSession.followHistory(to:)` handles it: the
  /// state brought there inside the runtime, then the patches taken.
  private func popState(to url: String) {
    driver.runtime.perform { _ = model.navigate(to: url) }
    driver.settle()
  }

  /// Performs one update, then applies its patches to the DOM.
  private func update(_ name: String, _ action: () throws -> Void) throws {
    do {
      try action()
      try dom.apply(driver.lastPatches)
      // A page calls showModal() and close() and keeps no list of the calls.
      dom.removeAllInvocations()
    } catch {
      throw DemoPageError("\(name): \(error)")
    }
  }

  /// Throws unless the patched DOM renders as the runtime's page does.
  func checkDOMMatchesRender() throws {
    guard try renderHTML(dom.roots) == driver.runtime.renderHTML() else {
      throw DemoPageError("the patched DOM differs from the page the runtime renders")
    }
  }
}

/// The process's memory at one moment: glibc's heap bytes in use (`mallinfo2()`: small blocks
/// in use plus mmapped large ones) and the resident set (/proc/self/statm).
///
/// Neither reading allocates, so taking one does not move the next.
struct MemoryReading {
  var heapBytes: Int
  var residentBytes: Int

  init() {
    let info = mallinfo2()
    heapBytes = Int(info.uordblks) + Int(info.hblkhd)
    residentBytes = Self.residentPages() * sysconf(Int32(_SC_PAGESIZE))
  }

  /// The second number of /proc/self/statm, read with plain system calls into the stack.
  private static func residentPages() -> Int {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
      let descriptor = open("/proc/self/statm", O_RDONLY)
      guard descriptor >= 0 else { return 0 }
      defer { close(descriptor) }
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      guard count > 0 else { return 0 }
      var field = 0
      var value = 0
      for byte in buffer[..<count] {
        if byte == UInt8(ascii: " ") {
          if field == 1 { return value }
          field += 1
          value = 0
        } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
          value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
      }
      return field == 1 ? value : 0
    }
  }
}

/// Why a memory-bench round could not go on (its message says which update and what).
struct DemoPageError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
