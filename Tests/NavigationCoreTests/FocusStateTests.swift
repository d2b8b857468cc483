import HTMLRenderer
import NavigationCore
import Testing
import VirtualDOM

extension NavigationCoreTests {
  /// Focus as state: `.focused(_:equals:)` moves focus with the binding and follows the user.
  @Suite struct FocusStateTests {
    enum Field: Equatable { case title, notes }

    final class FormModel {
      @Observed var focus: Field? = .title
    }

    static func form(_ model: FormModel) -> Node {
      main {
        input(.name("title")).focused(model.$focus, equals: .title)
        textarea(.name("notes")).focused(model.$focus, equals: .notes)
      }
    }

    @Test func theFirstPaintHasTheFocusedFieldAutofocused() throws {
      let model = FormModel()
      let runtime = NavigationRuntime(model: model) { FocusStateTests.form($0) }
      #expect(try runtime.renderHTML() == #"<main><input name="title" autofocus=""><textarea name="notes"></textarea></main>"#)
    }

    @Test func aStateChangeMovesTheFocusedPropertyAndNothingElse() throws {
      let model = FormModel()
      let runtime = NavigationRuntime(model: model) { FocusStateTests.form($0) }
      _ = try runtime.renderHTML()
      model.focus = .notes
      let patches = runtime.takePendingPatches().flatMap(\.patches)
      #expect(patches == [.removeProperty(id: 2, name: "focused"), .setProperty(id: 3, name: "focused", value: .bool(true))])
    }

    @Test func theUsersFocusAndBlurWriteTheBinding() throws {
      let model = FormModel()
      let runtime = NavigationRuntime(model: model) { FocusStateTests.form($0) }
      _ = try runtime.renderHTML()
      _ = try runtime.dispatch(id: 3, event: "focus").get()
      #expect(model.focus == .notes)
      _ = try runtime.dispatch(id: 2, event: "blur").get()
      #expect(model.focus == .notes, "a blur of a field the binding no longer names changes nothing")
      _ = try runtime.dispatch(id: 3, event: "blur").get()
      #expect(model.focus == nil)
    }

    @Test func aBoolBindingFollowsFocus() throws {
      @UIBinding var isSearching = false
      let runtime = NavigationRuntime { input(.type("search")).focused($isSearching) }
      #expect(try runtime.renderHTML() == #"<input type="search">"#)
      _ = try runtime.dispatch(id: 1, event: "focus").get()
      #expect(isSearching)
      #expect(try runtime.renderHTML() == #"<input type="search" autofocus="">"#)
    }
  }
}
