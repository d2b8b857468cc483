import HTMLRenderer
import NavigationCore
import Testing
import VirtualDOM

/// The lending-library shape with no URL code of its own: a list filtered by `?q=`, a pushed
/// book page, a sheet with its own segment (`/books/2/lend`), deep links to each.
extension NavigationCoreTests {
  @Suite struct AppRoutesTests {
    enum Route: Hashable, Sendable { case book(Int) }

    static let pages = NavigationRoutes([
      NavigationRoute(
        "books/:id", Route.self,
        parse: { parameters, below in below == nil ? parameters.int("id").map(Route.book) : nil },
        print: { if case .book(let id) = $0 { [String(id)] } else { nil } })
    ])

    final class Library {
      @Observed var path = UINavigationPath()
      @Observed var query = ""
      @Observed var lending: Int?

      var routes: AppRoutes {
        AppRoutes(
          path: $path, pages: AppRoutesTests.pages,
          presentations: [
            PresentationRoute(
              "lend", below: Route.self,
              present: { [unowned self] _, page in
                guard case .book(let id)? = page else { return false }
                lending = id
                return true
              },
              print: { [unowned self] in lending == nil ? nil : [] },
              dismiss: { [unowned self] in lending = nil })
          ],
          query: [QueryParameter("q", $query, on: .root)])
      }
    }

    static func view(_ model: Library) -> Node {
      NavigationStack(routes: model.routes) {
        main {
          h1 { "Books" }
          NavigationLink(value: Route.book(2)) { "Dune" }
        }
        .navigationDestination(for: Route.self) { route in
          h1 { "Dune" }.navigationTitle("Dune")
        }
      }
      .sheet(item: model.$lending) { _ in h2 { "Lend Dune" }.navigationTitle("Lend Dune") }
    }

    @Test func everyStateHasAURLAndEveryURLAState() {
      let model = Library()
      #expect(model.routes.url == "/")
      model.query = "dune & more"
      #expect(model.routes.url == "/?q=dune%20%26%20more")
      model.path.append(Route.book(2))
      model.lending = 2
      // The filter belongs to the list: the book's sheet does not carry it.
      #expect(model.routes.url == "/books/2/lend")

      let other = Library()
      #expect(throws: Never.self) { try other.routes.navigate(to: "/?q=dune%20%26%20more").get() }
      #expect(other.query == "dune & more")
      #expect(throws: Never.self) { try other.routes.navigate(to: "/books/2/lend").get() }
      #expect(other.path == UINavigationPath([Route.book(2)]))
      #expect(other.lending == 2)
      #expect(other.query == "dune & more", "a URL elsewhere leaves the list's filter as it is")
      // A URL without the sheet closes it.
      #expect(throws: Never.self) { try other.routes.navigate(to: "/books/2").get() }
      #expect(other.lending == nil)
      // The list's URL without the query: the query takes its default.
      #expect(throws: Never.self) { try other.routes.navigate(to: "/").get() }
      #expect(other.query == "")
    }

    @Test func aPresentationWithNothingBelowItIsA404AndChangesNothing() {
      let model = Library()
      model.query = "kin"
      let result = model.routes.navigate(to: "/lend")
      #expect(result.error?.reason == #""lend" has nothing to present at /lend"#)
      #expect(model.query == "kin")
      #expect(model.lending == nil)
    }

    @Test func emptySegmentsAndATrailingSlashAre404sNamingTheCanonicalURL() {
      let model = Library()
      #expect(
        model.routes.navigate(to: "/books//2").error?.reason
          == "/books//2 has an empty segment or a trailing /; URLs have neither (did you mean /books/2?)")
      #expect(model.routes.navigate(to: "/books/2/").error?.reason.hasSuffix("(did you mean /books/2?)") == true)
      #expect(Self.pages.path(from: "/books/2/") == nil)
      #expect(model.path.isEmpty)
      #expect(throws: Never.self) { try model.routes.navigate(to: "/").get() }
    }

    @Test func aURLThatMatchesNothingNamesTheClosestPatternAndTheSegment() {
      let model = Library()
      #expect(
        model.routes.navigate(to: "/books/2/lent").error?.reason
          == #"no route for "lent" at /books/2/lent; closest is "lend", whose segment "lend" does not match "lent""#)
      #expect(model.routes.navigate(to: "/films").error?.reason == #"no route for "films" at /films"#)
      #expect(
        model.routes.navigate(to: "/books/2/lend/x").error?.reason
          == #"no route for "lend" at /books/2/lend/x; "lend" matches but owns only the last segments of a URL"#)
      #expect(
        model.routes.navigate(to: "/books").error?.reason
          == #"no route for "books" at /books; closest is "books/:id", which needs 1 more segment(s)"#)
    }

    @Test func queryEditsReplaceTheHistoryEntryAndPagesPush() throws {
      let model = Library()
      let session = try AppSession.start(at: "/", model: model, routes: model.routes) { Self.view(model) }.get()
      session.runtime.perform { model.query = "k" }
      #expect(session.takePendingChanges().map { [$0.navigation?.url, $0.navigation?.history.rawValue, $0.title] } == ["/?q=k", "replace", nil])
      session.runtime.perform { model.path.append(Route.book(2)) }
      #expect(session.takePendingChanges().map { [$0.navigation?.url, $0.navigation?.history.rawValue, $0.title] } == ["/books/2", "push", "Dune"])
      session.runtime.perform { model.lending = 2 }
      #expect(session.takePendingChanges().map { [$0.navigation?.url, $0.navigation?.history.rawValue, $0.title] } == ["/books/2/lend", "push", "Lend Dune"])
      session.runtime.perform { model.lending = nil }
      #expect(session.takePendingChanges().map { [$0.navigation?.url, $0.navigation?.history.rawValue, $0.title] } == ["/books/2", "pop", "Dune"])
      // Back to the list: a pop to the filtered list, its query with it.
      session.runtime.perform { model.path.removeLast() }
      #expect(session.takePendingChanges().map { [$0.navigation?.url, $0.navigation?.history.rawValue, $0.title] } == ["/?q=k", "pop", ""])
    }

    @Test func aQueryParameterCanPushInstead() throws {
      final class Paged {
        @Observed var path = UINavigationPath()
        @Observed var page = "1"
      }
      let model = Paged()
      let routes = AppRoutes(
        path: model.$path, pages: Self.pages, query: [QueryParameter("page", model.$page, on: .root, default: "1", history: .push)])
      let session = AppSession(model: model, routes: routes) { NavigationStack(routes: routes) { main { "Hi" } } }
      session.runtime.perform { model.page = "2" }
      #expect(session.takePendingChanges().map { [$0.navigation?.url, $0.navigation?.history.rawValue, $0.title] } == ["/?page=2", "push", nil])
    }

    @Test func linksElsewhereLeaveTheQueryOffAndBackLeadsToTheFilteredList() throws {
      let model = Library()
      _ = model.routes.navigate(to: "/?q=du")
      let list = try NavigationRuntime(retaining: [model]) { Self.view(model) }.renderHTML()
      #expect(list.contains(#"<a href="/books/2" class="navigation-link">Dune</a>"#))
      _ = model.routes.navigate(to: "/books/2")
      #expect(model.routes.url == "/books/2")
      let page = try NavigationRuntime(retaining: [model]) { Self.view(model) }.renderHTML()
      #expect(page.contains(#"<a href="/?q=du" class="navigation-back">Back</a>"#))
    }

    @available(*, deprecated, message: "pins the deprecated QueryParameter form")
    @Test func theOldQueryParameterFormStillCarriesTheQueryEverywhere() {
      final class Old {
        @Observed var path = UINavigationPath()
        @Observed var query = "x"
      }
      let model = Old()
      model.path.append(Route.book(1))
      let routes = AppRoutes(path: model.$path, pages: Self.pages, query: [QueryParameter("q", model.$query)])
      #expect(routes.url == "/books/1?q=x")
    }


    @Test func theTopMostTitleWins() throws {
      let model = Library()
      let session = try AppSession.start(at: "/", model: model, routes: model.routes) { Self.view(model) }.get()
      #expect(session.title == nil)
      _ = session.followHistory(to: "/books/2")
      #expect(session.title == "Dune")
      _ = session.followHistory(to: "/books/2/lend")
      #expect(session.title == "Lend Dune")
      let reply = session.followHistory(to: "/")
      #expect(session.title == nil)
      // The page is told to show the app's own title again.
      #expect(reply?.title == "")
    }

    @Test func anUnknownURLStartsNoSessionAndSaysWhy() {
      let model = Library()
      let started = AppSession.start(at: "/films/2", model: model, routes: model.routes) { Self.view(model) }
      guard case .failure(let error) = started else {
        Issue.record("a session started at /films/2")
        return
      }
      #expect(error.reason.hasPrefix(#"no route for "films" at /films/2"#))
    }

    @Test func aQueryValueIsPercentEncodedPublicly() {
      #expect(PercentEncoding.encode("a b&c=d/é") == "a%20b%26c%3Dd%2F%C3%A9")
      #expect(PercentEncoding.decode("a%20b%26c%3Dd%2F%C3%A9") == "a b&c=d/é")
    }
  }
}

/// Route declarations checked where they are declared.
extension NavigationCoreTests {
  @Suite struct RouteValidationTests {
    enum Route: Hashable, Sendable { case book(Int), edit(Int) }

    @Test func soundRoutesHaveNoProblems() {
      #expect(AppRoutesTests.pages.validate().isEmpty)
    }

    @Test func aParameterTheParseNeverReadsIsNamed() {
      let routes = NavigationRoutes([
        NavigationRoute(
          "books/:bookID", Route.self,
          parse: { parameters, _ in parameters.int("id").map(Route.book) },
          print: { if case .book(let id) = $0 { [String(id)] } else { nil } })
      ])
      #expect(
        routes.validate().map(\.description) == [
          #"route "books/:bookID": parse never reads parameter "bookID" (it reads "id", which the pattern does not have)"#
        ])
      #expect(routes.validate().first?.parameter == "bookID")
      // The 404 says so too.
      #expect(routes.match("/books/1").error?.reason.hasSuffix(#"its parse reads "id", which the pattern does not have"#) == true)
    }

    @Test func aPrintReturningTheWrongCountIsNamedAndWarned() throws {
      let routes = NavigationRoutes([
        NavigationRoute(
          "books/:id", Route.self,
          parse: { parameters, below in below == nil ? parameters.int("id").map(Route.book) : nil },
          print: { if case .book(let id) = $0 { [String(id)] } else { nil } }),
        NavigationRoute(
          "edit/:id", Route.self,
          parse: { parameters, below in if case .book? = below { parameters.int("id").map(Route.edit) } else { nil } },
          print: { if case .edit = $0 { [] } else { nil } }),
      ])
      #expect(routes.validate().map(\.description) == [#"route "edit/:id": print returns 0 value(s) for 1 parameter(s)"#])
      var warnings: [String] = []
      NavigationWarnings.handler = { warnings.append($0) }
      defer { NavigationWarnings.handler = NavigationWarnings.printing }
      #expect(routes.url(for: UINavigationPath([Route.book(1), Route.edit(1)])) == nil)
      #expect(warnings == [#"route "edit/:id": print returned 0 value(s) for 1 parameter(s)"#])
    }
  }
}
