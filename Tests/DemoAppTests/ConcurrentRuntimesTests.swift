import DemoApp
import Foundation
import HTMLRenderer
import NavDOMSupport
import NavigationCore
import NavigationTesting
import Observation
import Testing
import VirtualDOM
import VirtualDOMTesting

/// Runtimes on different threads at once never meet: each drives its own demo through presses,
/// Escape, Back and deep links, and after every event its patches, applied to a DOM of its own,
/// give exactly the page it renders. Scripts/test.sh also runs this suite under ThreadSanitizer.
@Suite struct ConcurrentRuntimesTests {
  static let threadCount = 8
  static let cyclesPerThread = 30  // 11 events each: 330 events per runtime

  @Test func eightRuntimesOnEightThreadsKeepTheirOwnStateAndPatches() {
    let failures = Locked<[String]>([])
    let eventCounts = Locked<[Int]>([])
    runOnThreads(Self.threadCount) { thread in
      var demo = DemoRun(thread: thread)
      let outcome = demo.run(cycles: Self.cyclesPerThread)
      eventCounts.withLock { $0.append(outcome.events) }
      if !outcome.failures.isEmpty { failures.withLock { $0 += outcome.failures } }
    }
    #expect(failures.withLock { $0 } == [])
    #expect(eventCounts.withLock { $0.count } == Self.threadCount)
    #expect(eventCounts.withLock { $0.allSatisfy { $0 == Self.cyclesPerThread * 11 } })
  }

  @Test func observableMacroModelsReRenderOnlyTheirOwnRuntime() {
    let failures = Locked<[String]>([])
    runOnThreads(Self.threadCount) { thread in
      let model = TapCounter()
      let runtime = NavigationRuntime(model: model) { model in
        button(.onClick { model.taps += 1 }) { "Tapped \(model.taps)" }
      }
      for tap in 1...200 {
        let patches = (try? runtime.dispatch(id: 1, event: "click").get())?.patches ?? []
        let html = (try? runtime.renderHTML()) ?? ""
        if patches.count != 1 || html != "<button>Tapped \(tap)</button>" {
          failures.withLock { $0.append("thread \(thread), tap \(tap): \(patches.count) patches, \(html)") }
          break
        }
      }
    }
    #expect(failures.withLock { $0 } == [])
  }

  @Test func observersOutsideAnyRuntimeFlushOnlyOnTheirOwnThread() {
    let failures = Locked<[String]>([])
    runOnThreads(Self.threadCount) { thread in
      final class Counter { @Observed var value = 0 }
      let counter = Counter()
      var seen: [Int] = []
      let token = observe { seen.append(counter.value) }
      for step in 1...200 {
        counter.value = step
        ObservationScheduler.flush()
        // Another thread's flush never runs this observer, and this flush runs only it.
        if seen.last != step || seen.count != step + 1 {
          failures.withLock { $0.append("thread \(thread): after step \(step) the observer saw \(seen.suffix(3))") }
          break
        }
      }
      token.cancel()
    }
    #expect(failures.withLock { $0 } == [])
  }
}

/// A model made with the `@Observable` macro (native observation), not `@Observed`.
@Observable private final class TapCounter {
  var taps = 0
}

/// Starts `count` threads running `body(index)` and waits for all of them.
private func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      body(index)
      group.leave()
    }
    thread.start()
  }
  group.wait()
}

/// One thread's demo: a model, its runtime driven through a fixed cycle of steps, and a DOM
/// kept in step with the patches alone.
private struct DemoRun {
  let thread: Int
  let model = InventoryModel()
  let driver: PageDriver
  var dom: MemoryDOM
  var failures: [String] = []
  var events = 0
  var warnings: [String] = []

  init(thread: Int) {
    self.thread = thread
    let model = self.model
    driver = PageDriver(model: model) { inventoryView($0) }
    dom = MemoryDOM(mounting: driver.runtime.nodes)
  }

  mutating func run(cycles: Int) -> (events: Int, failures: [String]) {
    var collected: [String] = []
    driver.runtime.warningHandler = { collected.append($0) }
    for cycle in 0..<cycles where failures.isEmpty {
      let item = 1 + (thread + cycle) % 3
      step("open the sheet", expect: #"<dialog id="addItem""#) { try $0.press("Add item") }
      step("Escape", expectURL: "/", absent: "<dialog") { try $0.pressEscape() }
      step("push an item", expectURL: "/items/1") { try $0.press("Keyboard") }
      step("push its edit page", expectURL: "/items/1/edit") { try $0.press("Edit") }
      step("Back", expectURL: "/items/1") { try $0.goBack() }
      step("Back to the root", expectURL: "/") { try $0.goBack() }
      let link = "/items/\(item)/edit"
      step("deep link \(link)", expectURL: link) { [model] driver in
        _ = model.navigate(to: link)
        driver.settle()
      }
      step("Back", expectURL: "/items/\(item)") { try $0.goBack() }
      step("Back to the root", expectURL: "/") { try $0.goBack() }
      step("ask to delete", expect: #"role="alertdialog""#) { try $0.press("Delete Keyboard") }
      step("cancel the alert", expectURL: "/", absent: "<dialog") { try $0.press("Cancel") }
    }
    if !collected.isEmpty { failures.append("thread \(thread): warnings \(collected)") }
    return (events, failures)
  }

  /// Performs one event, then checks the runtime's page and the patched DOM against each other
  /// and against what the step should show.
  private mutating func step(
    _ name: String, expect: String? = nil, expectURL: String? = nil, absent: String? = nil,
    _ action: (PageDriver) throws -> Void
  ) {
    guard failures.isEmpty else { return }
    let context = "thread \(thread), event \(events + 1) (\(name))"
    do {
      try action(driver)
      events += 1
      try dom.apply(driver.lastPatches)
      let rendered = try driver.runtime.renderHTML()
      let patched = try renderHTML(dom.roots)
      if rendered != patched { failures.append("\(context): the patched DOM differs from the render") }
      if let expect, !rendered.contains(expect) { failures.append("\(context): no \(expect)") }
      if let absent, rendered.contains(absent) { failures.append("\(context): still \(absent)") }
      if let expectURL, model.url != expectURL { failures.append("\(context): URL \(model.url), not \(expectURL)") }
    } catch {
      failures.append("\(context): \(error)")
    }
  }
}
