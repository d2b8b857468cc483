import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

/// A draft sheet that refuses the user's dismissal while it has changes, and asks instead.
final class DraftModel {
  @Observed var draft: Draft?
  @Observed var discard: AlertState<DiscardAction>?
  var dismissals = 0

  struct Draft: Hashable {
    var name = ""
    var isDirty: Bool { !name.isEmpty }
  }
  enum DiscardAction { case discard }

  func askToDiscard() {
    discard = AlertState {
      TextState("Discard changes?")
    } actions: {
      ButtonState(role: .destructive, action: .discard) { TextState("Discard") }
      ButtonState(role: .cancel) { TextState("Keep editing") }
    }
  }
}

func draftView(_ model: DraftModel) -> Node {
  main { h1 { "Projects" } }
    .sheet(item: model.$draft.named("draft"), onDismiss: { model.dismissals += 1 }) { draft in
      div {
        h2 { "New project" }
        input(.aria("label", "Name"), .value(draft.wrappedValue.name), .onInput { draft.wrappedValue.name = $0 })
      }
      .interactiveDismissDisabled(draft.wrappedValue.isDirty) { model.askToDiscard() }
      .alert(model.$discard.named("discard")) { action in
        if action == .discard { model.draft = nil }
      }
    }
}

extension NavigationCoreTests {
  @Suite struct RefusedDismissalTests {
    @Test func escapeDismissesACleanDraft() throws {
      let model = DraftModel()
      model.draft = DraftModel.Draft()
      let driver = PageDriver(model: model, view: draftView)
      try driver.pressEscape()
      #expect(model.draft == nil)
      #expect(driver.openDialogs.isEmpty)
      #expect(model.dismissals == 1)
    }

    @Test func escapeOnADirtyDraftAsksInsteadOfDismissing() throws {
      let model = DraftModel()
      model.draft = DraftModel.Draft()
      let driver = PageDriver(model: model, view: draftView)
      try driver.type("Atlas", into: "Name")
      try driver.pressEscape()
      #expect(model.draft?.name == "Atlas")
      #expect(model.dismissals == 0)
      #expect(driver.openDialogs.map(\.id) == ["draft", "draft-discard"])
      #expect(driver.topDialog?.title == "Discard changes?")

      // Keep editing closes the alert only; Discard then dismisses the draft (the app's own
      // dismissal is never refused).
      try driver.press("Keep editing")
      #expect(driver.openDialogs.map(\.id) == ["draft"])
      try driver.pressEscape()
      try driver.press("Discard")
      #expect(model.draft == nil)
      #expect(driver.openDialogs.isEmpty)
      #expect(model.dismissals == 1)
    }

    @Test func aCloseTheAppDidNotAskForIsRefusedToo() throws {
      let model = DraftModel()
      model.draft = DraftModel.Draft(name: "Atlas")
      let driver = PageDriver(model: model, view: draftView)
      let sheet = try #require(driver.topDialog)
      try driver.send(id: sheet.nodeID, event: "close")
      #expect(model.draft != nil)
      #expect(driver.topDialog?.id == "draft-discard")
    }

    @Test func aPageOfAStackInsideTheSheetCanRefuseForTheSheet() throws {
      final class Model {
        @Observed var wizard: DraftModel.Draft? = DraftModel.Draft()
        @Observed var steps = UINavigationPath()
        var attempts = 0
      }
      let model = Model()
      let driver = PageDriver(model: model) { model in
        main { h1 { "Projects" } }
          .sheet(item: model.$wizard.named("wizard")) { _ in
            NavigationStack(path: model.$steps) {
              div {
                h2 { "Step 1" }
                NavigationLink(value: 2) { "Next" }
              }
              .navigationDestination(for: Int.self) { step in
                h2 { "Step \(step)" }.interactiveDismissDisabled { model.attempts += 1 }
              }
            }
          }
      }
      try driver.press("Next")
      try driver.pressEscape()
      #expect(model.wizard != nil)
      #expect(model.attempts == 1)
      try driver.goBack()  // step 1 does not refuse
      try driver.pressEscape()
      #expect(model.wizard == nil)
      #expect(model.attempts == 1)
    }

    @Test func theBrowsersBackIsRefusedWhileADraftIsDirty() throws {
      let model = DraftModel()
      model.draft = DraftModel.Draft(name: "Atlas")
      let runtime = NavigationRuntime(model: model, view: draftView)
      var navigations: [String] = []
      let session = AppSession(
        runtime: runtime, currentURL: { "/projects/new" },
        navigate: { url in
          navigations.append(url)
          model.draft = nil
          return true
        })
      let reply = try #require(session.followHistory(to: "/projects"))
      #expect(navigations.isEmpty)
      #expect(model.draft != nil)
      // The alert is inserted and the page is sent back to the app's URL.
      #expect(reply.patches.contains { if case .insert = $0 { true } else { false } })
      #expect([reply.navigation?.url, reply.navigation?.history.rawValue, reply.title] == ["/projects/new", "push", nil])

      // Once the draft is discarded, Back goes where it was going.
      model.draft = nil
      model.discard = nil
      _ = runtime.takePendingPatches()
      #expect(session.followHistory(to: "/projects") != nil)
      #expect(navigations == ["/projects"])
    }
  }
}
