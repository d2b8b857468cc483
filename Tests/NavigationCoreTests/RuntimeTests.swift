import HTMLRenderer
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

extension NavigationCoreTests {
  @Suite struct RuntimeTests {
    @Test func theFirstPaintIsCompactHTMLNumberedFromOneLikeHydration() throws {
      let model = CounterModel()
      let runtime = NavigationRuntime(model: model) { model in
        main { h1 { "Count" }; button(.onClick { model.count += 1 }) { "\(model.count)" } }
      }
      #expect(try runtime.renderHTML() == "<main><h1>Count</h1><button>0</button></main>")
      var ids: [NodeID] = []
      runtime.mountedTree.forEachNode { id, _ in ids.append(id) }
      #expect(ids == [1, 2, 3, 4, 5])
      let batch = try runtime.dispatch(id: 4, event: "click").get()
      #expect(batch.patches == [.text(id: 5, text: "1")])
    }

    /// A listener that captures a node of its own render (an easy mistake) holds only that
    /// node: each element is its own value, so no render keeps another alive, and what the old
    /// renders captured goes with them.
    @Test func aListenerThatCapturesANodeOfItsOwnRenderIsFreedWithThatRender() throws {
      let model = CounterModel()
      let alive = AliveCount()
      let runtime = NavigationRuntime(model: model) { model in
        let label = span { "\(model.count)" }
        let token = AliveToken(alive)
        return div { label; button(.onClick { _ = label; _ = token; model.count += 1 }) { "Add" } }
      }
      for _ in 0..<40 { _ = try runtime.dispatch(id: 4, event: "click").get() }
      #expect(model.count == 40)
      // The tree on the page and, at most, the one before it.
      #expect(alive.count <= 2)
    }

    /// A browser's module has the runtime keep the tree a render replaced until the page has its
    /// patches (`app_release`), so freeing it is not part of the answer: one tree more, never
    /// more than one, and none once released.
    @Test func aRuntimeThatDefersReleaseKeepsTheLastReplacedTreeOnlyUntilReleased() throws {
      let model = CounterModel()
      let alive = AliveCount()
      let runtime = NavigationRuntime(model: model) { model in
        let token = AliveToken(alive)
        return div { button(.onClick { _ = token; model.count += 1 }) { "\(model.count)" } }
      }
      _ = try runtime.dispatch(id: 2, event: "click").get()
      #expect(alive.count == 1, "without deferring, the replaced tree goes as the render diffs")
      runtime.defersReleaseOfReplacedTree = true
      _ = try runtime.dispatch(id: 2, event: "click").get()
      #expect(alive.count == 2)
      runtime.releaseReplacedTree()
      #expect(alive.count == 1)
      for _ in 0..<5 { _ = try runtime.dispatch(id: 2, event: "click").get() }
      #expect(alive.count == 2, "each render frees the tree kept before")
      runtime.releaseReplacedTree()
      #expect(alive.count == 1)
      #expect(model.count == 7)
    }

    @Test func unknownStaleAndUnheardEventsAreRejectedAndChangeNothing() throws {
      let model = CounterModel()
      model.isShowingTitle = true
      let runtime = NavigationRuntime(model: model) { model in
        div {
          if model.isShowingTitle { h1(.onClick { model.count += 1 }) { "Title" } }
          button(.onClick { model.isShowingTitle = false }) { "Hide" }
        }
      }
      #expect(runtime.dispatch(id: 99, event: "click").error == (.unknownNode(99)))
      #expect(runtime.dispatch(id: 0, event: "click").error == (.unknownNode(0)))
      #expect(runtime.dispatch(id: 1, event: "click").error == (.notListening(1, event: "click")))
      #expect(runtime.dispatch(id: 3, event: "click").error == (.notListening(3, event: "click")))
      #expect(runtime.dispatch(id: 2, event: "input").error == (.notListening(2, event: "input")))
      _ = try runtime.dispatch(id: 4, event: "click").get()
      #expect(runtime.dispatch(id: 2, event: "click").error == (.staleNode(2)))
      #expect(DispatchError.staleNode(2).reason == "node #2 was removed: the event is stale")
      #expect(model.count == 0)
    }

    @Test func changesWithoutAnEventWaitAsPendingPatches() throws {
      let model = CounterModel()
      let runtime = NavigationRuntime(model: model) { model in p { "\(model.count)" } }
      #expect(!runtime.hasPendingChanges)
      model.count = 5  // a timer
      #expect(runtime.hasPendingChanges)
      let batches = runtime.takePendingPatches()
      #expect(batches.map(\.patches) == [[.text(id: 2, text: "5")]])
      #expect(!runtime.hasPendingChanges)
      #expect(runtime.takePendingPatches().isEmpty)
    }

    @Test func theTransactionOfAChangeReachesItsBatch() {
      let model = CounterModel()
      let runtime = NavigationRuntime(model: model) { model in p { "\(model.count)" } }
      var quiet = UITransaction()
      quiet.disablesAnimations = true
      withUITransaction(quiet) { model.count = 1 }
      let batch = runtime.takePendingPatches()[0]
      #expect(batch.transaction.disablesAnimations)
      model.count = 2
      #expect(runtime.takePendingPatches()[0].transaction.disablesAnimations == false)
    }

    @Test func theNewestClosureRunsAfterARenderThatOnlyChangedClosures() throws {
      let model = CounterModel()
      var calls: [String] = []
      let runtime = NavigationRuntime(model: model) { model in
        let title = model.title
        return div { button(.onClick { calls.append(title) }) { "Go" }; p { model.isShowingTitle ? "" : "x" } }
      }
      model.title = "Second"
      #expect(runtime.takePendingPatches().isEmpty)  // only the closure changed: no patch
      _ = try runtime.dispatch(id: 2, event: "click").get()
      #expect(calls == ["Second"])
    }

    @Test func theRuntimeKeepsItsModelAliveAndReleasesItWhenGone() {
      weak var released: CounterModel?
      var runtime: NavigationRuntime? = {
        let model = CounterModel()
        released = model
        return NavigationRuntime(model: model) { model in p { "\(model.count)" } }
      }()
      #expect(released != nil)
      _ = runtime
      runtime = nil
      #expect(released == nil)
    }

    @Test func anOnDismissThatChangesStateIsSettledInTheSameDispatch() throws {
      final class Model {
        @Observed var item: Int? = 1
        @Observed var message = "Open"
      }
      let model = Model()
      let driver = PageDriver(model: model) { model in
        p { model.message }.sheet(item: model.$item, onDismiss: { model.message = "Closed" }) { _ in h2 { "Sheet" } }
      }
      try driver.pressEscape()
      #expect(driver.lastPatches.map(\.operation) == ["remove", "text"])
      #expect(driver.html == "<p>Closed</p>\n")
    }
  }
}

/// How many `AliveToken`s exist.
final class AliveCount {
  var count = 0
}

/// Counts itself in an `AliveCount` while it lives.
final class AliveToken {
  let alive: AliveCount
  init(_ alive: AliveCount) {
    self.alive = alive
    alive.count += 1
  }
  deinit { alive.count -= 1 }
}

extension NavigationCoreTests {
  @Suite struct KeyFilterDispatchTests {
    @Test func onlyTheListenersWhoseKeysMatchRun() throws {
      let model = CounterModel()
      let runtime = NavigationRuntime(model: model) { model in
        input(.onKeyDown(.enter) { payload in model.items.append(payload.value ?? "") }, .onKeyDown(.escape) { _ in model.items = [] })
      }
      _ = try runtime.dispatch(id: 1, event: "keydown", payload: EventPayload(value: "milk", key: "Enter")).get()
      _ = try runtime.dispatch(id: 1, event: "keydown", payload: EventPayload(value: "x", key: "a")).get()
      _ = try runtime.dispatch(id: 1, event: "keydown", payload: EventPayload(value: "x", key: "Enter", modifiers: .alt)).get()
      #expect(model.items == ["milk"])
      _ = try runtime.dispatch(id: 1, event: "keydown", payload: EventPayload(key: "Escape")).get()
      #expect(model.items == [])
    }
  }
}
