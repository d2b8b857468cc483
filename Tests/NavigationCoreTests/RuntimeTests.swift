import HTMLRenderer
import NavigationCore
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

    /// A runtime's own code (an action, a `perform`) builds into an arena of the runtime's, not
    /// the thread's: on a live server the thread goes on to serve other sessions, and may build
    /// into its own arena while this runtime's nodes are read on another thread.
    @Test func nodesBuiltInARuntimesOwnCodeGoIntoItsOwnArena() {
      let runtime = NavigationRuntime(model: CounterModel()) { _ in p { "page" } }
      let outside = NodeArena.currentForTesting
      var inside: [NodeArena] = []
      var kept: Node?
      for _ in 0..<2 {
        runtime.perform {
          kept = div { span { "built in an action" } }
          inside.append(NodeArena.currentForTesting)
        }
      }
      #expect(inside.count == 2 && inside[0] === inside[1])
      #expect(inside[0] !== outside)
      #expect(kept == div { span { "built in an action" } })
    }

    /// A listener that captures a node of its own tree keeps every render's arena alive; the
    /// runtime says so once, after 32 renders in a row that could not reuse their memory.
    @Test func aListenerThatCapturesANodeOfItsOwnTreeIsReportedOnce() throws {
      let model = CounterModel()
      let runtime = NavigationRuntime(model: model) { model in
        let label = span { "\(model.count)" }
        return div { label; button(.onClick { _ = label; model.count += 1 }) { "Add" } }
      }
      var warnings: [String] = []
      runtime.warningHandler = { warnings.append($0) }
      for _ in 0..<40 { _ = try runtime.dispatch(id: 4, event: "click").get() }
      #expect(model.count == 40)
      #expect(warnings.count == 1)
      #expect(warnings.first?.contains("does a listener capture a node?") == true)
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
      let driver = NavigationTestDriver(model: model) { model in
        p { model.message }.sheet(item: model.$item, onDismiss: { model.message = "Closed" }) { _ in h2 { "Sheet" } }
      }
      try driver.pressEscape()
      #expect(driver.lastPatches.map(\.operation) == ["remove", "text"])
      #expect(driver.html == "<p>Closed</p>\n")
    }
  }
}
