import HTMLRenderer
import NavigationCore
import Testing
import VirtualDOM

/// Enum cases declared once as `UIBinding` properties: named by the property, with the same
/// write rules as `case(_:embed:extract:)`, and a `Void?` form for cases without a value.
extension NavigationCoreTests {
  @Suite struct CaseBindingTests {
    enum Route: Equatable {
      case edit(Int)
      case settings
    }

    final class Model {
      @Observed var route: Route?
    }

    @Test func aCaseDeclaredAsAPropertyIsNamedByIt() {
      let model = Model()
      model.route = .edit(7)
      #expect(model.$route.edit.wrappedValue == 7)
      #expect(model.$route.edit.presentationID() == "edit")
      #expect(model.$route.settings.wrappedValue == nil)
      let html = try? NavigationRuntime(retaining: [model]) {
        main { h1 { "Routes" } }.sheet(item: model.$route.edit) { id in h2 { "Editing \(id.wrappedValue)" } }
      }.renderHTML()
      #expect(html?.contains(#"<dialog id="edit" class="navigation-sheet""#) == true)
    }

    @Test func writesFollowTheCaseRules() {
      let model = Model()
      model.$route.edit.wrappedValue = 3  // nil: the case is embedded
      #expect(model.route == .edit(3))
      model.$route.settings.wrappedValue = ()  // another case: ignored
      #expect(model.route == .edit(3))
      model.$route.settings.wrappedValue = nil  // not in this case: nothing to clear
      #expect(model.route == .edit(3))
      model.$route.edit.wrappedValue = nil
      #expect(model.route == nil)
      model.$route.settings.wrappedValue = ()
      #expect(model.route == .settings)
      #expect(model.$route.settings.wrappedValue != nil)
    }
  }
}

extension UIBinding where Value == NavigationCoreTests.CaseBindingTests.Route? {
  var edit: UIBinding<Int?> {
    self.case(NavigationCoreTests.CaseBindingTests.Route.edit) { if case .edit(let id) = $0 { id } else { nil } }
  }
  var settings: UIBinding<Void?> { self.case(NavigationCoreTests.CaseBindingTests.Route.settings) }
}
