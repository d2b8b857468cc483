import NavigationCore
import Testing
import VirtualDOM

extension NavigationCoreTests {
  /// Conditional sections keep their siblings' identity without keys: showing or hiding one
  /// costs what it costs with keys.
  @Suite struct StructuralIdentityTests {
    final class Todos {
      @Observed var isEmpty = true
      @Observed var isEditing = false
    }

    /// TodoMVC's shape: a header always, `main` and `footer` only with todos.
    static func page(_ model: Todos, keyed: Bool) -> Node {
      fragment {
        header(keyed ? .key("header") : .none) { h1 { "todos" } }
        if !model.isEmpty {
          main(keyed ? .key("main") : .none) { ul { li { "milk" } } }
          footer(keyed ? .key("footer") : .none) { span { "1 item left" } }
        }
        if model.isEditing { p(keyed ? .key("status") : .none) { "editing" } } else { p(keyed ? .key("status") : .none) { "idle" } }
      }
    }

    /// The patches of each change, as counts, for the page with or without keys.
    static func patchCounts(keyed: Bool) throws -> [Int] {
      let model = Todos()
      let runtime = NavigationRuntime(model: model) { StructuralIdentityTests.page($0, keyed: keyed) }
      _ = try runtime.renderHTML()
      var counts: [Int] = []
      for change in [{ model.isEmpty = false }, { model.isEditing = true }, { model.isEmpty = true }, { model.isEditing = false }] {
        change()
        counts.append(runtime.takePendingPatches().flatMap(\.patches).count)
      }
      return counts
    }

    @Test func rootSectionsThatComeAndGoCostWhatTheyCostWithKeys() throws {
      let unkeyed = try Self.patchCounts(keyed: false)
      let keyed = try Self.patchCounts(keyed: true)
      #expect(unkeyed == keyed)
      #expect(unkeyed[0] == 2, "main and footer inserted, nothing else")
      #expect(unkeyed[2] == 2, "main and footer removed, nothing else")
    }

    @Test func aConditionalInsideAnElementIsOneInsertWithoutKeys() {
      let patches = diff(
        section { header { "h" }; footer { "f" } },
        section { header { "h" }; if true { main { "m" } }; footer { "f" } })
      #expect(patches.map(\.operation) == ["insert"])
    }
  }
}
