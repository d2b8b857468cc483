import DemoApp
import NavigationCore
import Testing
import VirtualDOM

@testable import LiveSessions

/// The one walk a live page makes before it is serialized (PageWalk): the same check and
/// patches as computed on their own, the no-script markup, and unchanged subtrees shared.
@Suite struct PageWalkTests {
  @Test func theWalkGivesTheCheckAndPatchesTheirOwnComputationsGive() throws {
    let session = try #require(inventorySession(url: "/items/1"))
    var walk = PageWalk(ids: session.runtime.mountedTree.ids, forms: NoScriptForms(session: "s"), hydrates: true)
    _ = walk.run(session.runtime.nodes)
    #expect(walk.check.value == HydrationCheck.value(of: session.runtime.nodes))
    #expect(walk.patches == session.hydrationPatches)
    #expect(!walk.patches.isEmpty)
  }

  @Test func theWalksListenPatchesCarryTheListenersOptions() {
    let roots: [Node] = [main { input(.onKeyDown(.enter) { _ in }, .onInput(debounce: .milliseconds(250)) { _ in }) }]
    var walk = PageWalk(ids: MountedTree(roots).ids, forms: NoScriptForms(session: "s"), hydrates: true)
    _ = walk.run(roots)
    let listens = walk.patches.compactMap { patch -> EventOptions? in
      if case .listen(_, _, let options) = patch { return options }
      return nil
    }
    #expect(listens.count == 2)
    #expect(listens.allSatisfy { $0 != EventOptions() })  // the key filter, the debounce
  }

  @Test func onlyThePathsToAnnotatedElementsAreCopied() {
    let quiet = ul { li { "One" }; li { "Two" } }
    let roots: [Node] = [div { quiet; button(.onClick {}) { "Add" } }]
    let forms = NoScriptForms(session: "s")
    var walk = PageWalk(ids: MountedTree(roots).ids, forms: forms, hydrates: false)
    let annotated = walk.run(roots)
    guard case .element(let root) = annotated[0], case .element(let list) = root.child(at: 0),
      case .element(let original) = quiet, case .element(let button) = root.child(at: 1)
    else {
      Issue.record("the tree changed shape")
      return
    }
    #expect(list.isIdentical(to: original))
    #expect(button.attribute("form") == NoScriptForms.pageForm)
    #expect(button.attribute("value") == "7")  // div 1, ul 2, li 3, "One" 4, li 5, "Two" 6, button 7
  }
}
