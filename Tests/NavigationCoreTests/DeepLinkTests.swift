import HTMLRenderer
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

extension NavigationCoreTests {
  @Suite struct DeepLinkTests {
    static let routes = NavigationRoutes(
      encode: { element in element.value(as: ItemPage.self).map { "item-\($0.id)" } },
      decode: { segment in
        guard segment.hasPrefix("item-"), let id = Int(segment.dropFirst(5)) else { return nil }
        return UINavigationPath.Element(ItemPage(id: id))
      })

    @Test func aPathThreeDeepWithAPresentedDialogRendersInOnePass() {
      let model = StackModel()
      model.path = UINavigationPath([ItemPage(id: 1), ItemPage(id: 2), ItemPage(id: 3)])
      model.editing = 3
      var renders = 0
      let driver = PageDriver(model: model) { model in
        renders += 1
        return stackView(model)
      }
      #expect(renders == 1)
      #expect(!driver.runtime.hasPendingChanges)
      #expect(model.running == [1, 2, 3])
      let html = driver.html
      #expect(html.contains(#"<section id="stack-page-3" class="navigation-page" aria-labelledby="stack-page-3-title" data-depth="3">"#))
      #expect(html.contains(#"data-depth="2" hidden="">"#))
      #expect(html.components(separatedBy: "<dialog").count == 2)
      #expect(html.hasSuffix("""
          <section id="stack-page-3" class="navigation-page" aria-labelledby="stack-page-3-title" data-depth="3">
            <div class="navigation-bar"><button type="button" class="navigation-back">Back</button></div>
            <h1 id="stack-page-3-title">Item 3</h1>
            <p><button type="button" class="navigation-link">Next</button></p>
            <div></div>
          </section>
        </div>
        <dialog id="stack-page-3-sheet" class="navigation-sheet" aria-labelledby="stack-page-3-sheet-title" open="">
          <h2 id="stack-page-3-sheet-title">Editing</h2>
        </dialog>

        """))
    }

    @Test func routesRoundTripAPathThroughAURL() {
      let path = UINavigationPath([ItemPage(id: 1), ItemPage(id: 22), ItemPage(id: 3)])
      let url = Self.routes.url(for: path)
      #expect(url == "/item-1/item-22/item-3")
      #expect(Self.routes.path(from: url!) == path)
      #expect(Self.routes.url(for: UINavigationPath()) == "/")
      #expect(Self.routes.path(from: "/nothing-here") == nil)
    }

    @Test func routeSegmentsArePercentEncoded() {
      let routes = NavigationRoutes(
        encode: { $0.value(as: String.self) },
        decode: { UINavigationPath.Element($0) })
      let path = UINavigationPath(["a/b c", "é"])
      let url = routes.url(for: path)
      #expect(url == "/a%2Fb%20c/%C3%A9")
      #expect(routes.path(from: url!) == path)
    }

    @Test func theCodableURLFormRoundTripsNatively() {
      var path = UINavigationPath()
      path.append(ItemPage(id: 4))
      path.append(SettingsPage())
      let component = path.urlComponent
      #expect(component != nil)
      #expect(component!.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
      #expect(UINavigationPath(urlComponent: component!) == path)
      #expect(UINavigationPath(urlComponent: "not base64!") == nil)
    }

    @Test func pushedValuesStayCodableSoTheURLFormSurvivesNavigation() throws {
      let model = StackModel()
      let driver = PageDriver(model: model, view: stackView)
      try driver.press("Hammer")
      try driver.press("Next")
      let component = try #require(model.path.urlComponent)
      #expect(UINavigationPath(urlComponent: component) == UINavigationPath([ItemPage(id: 1), ItemPage(id: 2)]))
    }

    @Test func aStateFromAURLRendersTheSameAsTheStateItCameFrom() {
      let original = StackModel()
      original.path = UINavigationPath([ItemPage(id: 1), ItemPage(id: 2), ItemPage(id: 3)])
      let url = Self.routes.url(for: original.path)!
      let restored = StackModel()
      restored.path = Self.routes.path(from: url)!
      #expect(restored.path == original.path)
      let first = PageDriver(model: original, view: stackView).html
      let second = PageDriver(model: restored, view: stackView).html
      #expect(first == second)
    }
  }
}
