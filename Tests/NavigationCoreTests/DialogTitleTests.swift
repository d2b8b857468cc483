import NavigationCore
import Testing
import VirtualDOM

/// Alerts and confirmation dialogs may name the page as pages and sheets do: the browser's
/// title is theirs while they show, and what they were presented over has it back after.
extension NavigationCoreTests {
  @Suite struct DialogTitleTests {
    final class Page {
      @Observed var alert: AlertState<Never>?
      @Observed var dialog: ConfirmationDialogState<Never>?
    }

    static func view(_ model: Page) -> Node {
      main { h1 { "Hammer" } }.navigationTitle("Hammer")
        .alert(model.$alert)
        .confirmationDialog(model.$dialog)
    }

    @Test func anAlertWithATitleNamesThePageWhileItShows() {
      let model = Page()
      let runtime = NavigationRuntime(retaining: [model]) { Self.view(model) }
      #expect(runtime.title == "Hammer")
      runtime.perform { model.alert = AlertState { TextState("Delete Hammer?") }.navigationTitle("Delete Hammer?") }
      _ = runtime.takePendingPatches()
      #expect(runtime.title == "Delete Hammer?")
      runtime.perform { model.alert = nil }
      _ = runtime.takePendingPatches()
      #expect(runtime.title == "Hammer")
    }

    @Test func anAlertWithoutOneKeepsThePagesTitle() {
      let model = Page()
      let runtime = NavigationRuntime(retaining: [model]) { Self.view(model) }
      runtime.perform { model.alert = AlertState { TextState("Saved") } }
      _ = runtime.takePendingPatches()
      #expect(runtime.title == "Hammer")
    }

    @Test func aConfirmationDialogNamesThePageAndKeepsItsTitleThroughMap() {
      let model = Page()
      let runtime = NavigationRuntime(retaining: [model]) { Self.view(model) }
      let dialog = ConfirmationDialogState<Never> { TextState("Share") }.navigationTitle("Share Hammer")
      #expect(dialog.map { _ in nil as Never? }.pageTitle == "Share Hammer")
      runtime.perform { model.dialog = dialog }
      _ = runtime.takePendingPatches()
      #expect(runtime.title == "Share Hammer")
    }
  }
}
