import HTMLRenderer
import NavigationCore
import Testing
import VirtualDOM

/// State that is neither a page nor a presentation has URLs too: TodoMVC's filter (`/active`,
/// `/completed`), and a segment holding a value, each a new history entry when it changes.
extension NavigationCoreTests {
  @Suite struct StateRouteTests {
    enum Filter: Equatable { case all, active, completed }

    final class Todos {
      @Observed var filter = Filter.all
      @Observed var tag = ""

      var routes: AppRoutes {
        AppRoutes(state: [
          StateRoute($filter, default: .all, cases: [("active", .active), ("completed", .completed)]),
          StateRoute("tag/:name", $tag),
        ])
      }
    }

    static func view(_ model: Todos) -> Node {
      ul {
        li { a(.attribute("href", "/"), .onClick { model.filter = .all }) { "All" } }
        li { a(.attribute("href", "/active"), .onClick { model.filter = .active }) { "Active" } }
        li { a(.attribute("href", "/completed"), .onClick { model.filter = .completed }) { "Completed" } }
      }
    }

    @Test func aFilterIsASegmentAndTheDefaultHasNone() {
      let model = Todos()
      #expect(model.routes.url == "/")
      model.filter = .active
      #expect(model.routes.url == "/active")
      model.tag = "red shoes"
      #expect(model.routes.url == "/active/tag/red%20shoes")

      let other = Todos()
      #expect(throws: Never.self) { try other.routes.navigate(to: "/completed/tag/red%20shoes").get() }
      #expect(other.filter == .completed)
      #expect(other.tag == "red shoes")
      #expect(throws: Never.self) { try other.routes.navigate(to: "/").get() }
      #expect(other.filter == .all)
      #expect(other.tag == "")
    }

    @Test func aSegmentThatNamesNoCaseIsA404AndChangesNothing() {
      let model = Todos()
      model.filter = .completed
      #expect(model.routes.navigate(to: "/done").error?.reason.hasPrefix(#"no route for "done" at /done"#) == true)
      #expect(model.filter == .completed)
    }

    @Test func everyFilterChangeIsPushedEvenBackToTheList() throws {
      let model = Todos()
      let session = try AppSession.start(at: "/active", model: model, routes: model.routes) { Self.view(model) }.get()
      session.runtime.perform { model.filter = .all }
      #expect(session.takePendingChanges().map { [$0.navigation?.url, $0.navigation?.history.rawValue, $0.title] } == ["/", "push", nil])
      session.runtime.perform { model.filter = .completed }
      #expect(session.takePendingChanges().map { [$0.navigation?.url, $0.navigation?.history.rawValue, $0.title] } == ["/completed", "push", nil])
      // Back in the browser: the page reports where it went, and the state follows.
      #expect(session.followHistory(to: "/") != nil)
      #expect(model.filter == .all)
      #expect(session.url == "/")
    }

    enum Route: Hashable, Sendable { case book(Int) }

    @Test func aFilterBelongsToItsPlaceLikeAQuery() throws {
      final class Shelf {
        @Observed var path = UINavigationPath()
        @Observed var filter = Filter.all
      }
      let pages = NavigationRoutes([
        NavigationRoute(
          "books/:id", Route.self,
          parse: { parameters, below in below == nil ? parameters.int("id").map(Route.book) : nil },
          print: { if case .book(let id) = $0 { [String(id)] } else { nil } })
      ])
      let model = Shelf()
      let routes = AppRoutes(
        path: model.$path, pages: pages,
        state: [StateRoute(model.$filter, default: .all, cases: [("active", .active)], on: .root)])
      #expect(throws: Never.self) { try routes.navigate(to: "/active").get() }
      let list = try NavigationRuntime(retaining: [model]) {
        NavigationStack(routes: routes) { main { NavigationLink(value: Route.book(1)) { "Dune" } } }
      }.renderHTML()
      #expect(list.contains(#"<a href="/books/1" class="navigation-link">Dune</a>"#))
      #expect(throws: Never.self) { try routes.navigate(to: "/books/1").get() }
      #expect(model.filter == .active, "the list's filter stays while a book is shown")
      #expect(routes.url == "/books/1")
      model.path.removeLast()
      #expect(routes.url == "/active")
    }
  }
}
