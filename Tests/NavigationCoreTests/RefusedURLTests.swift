import HTMLRenderer
import NavigationCore
import Testing
import VirtualDOM

/// A URL the app refuses changes nothing: not the path, not a dialog without a URL (the
/// `willNavigate` hook does not run), not the query, not the page's URL. One test per way a
/// URL is refused.
extension NavigationCoreTests {
  @Suite struct RefusedURLTests {
    typealias Route = AppRoutesTests.Route
    enum Filter: Equatable { case all, lent }

    final class Library {
      @Observed var path = UINavigationPath()
      @Observed var query = "dune"
      @Observed var filter = Filter.lent
      @Observed var lending: Int?
      /// A dialog without a URL: the return alert.
      @Observed var returnAlert: AlertState<Never>?
      var willNavigateRuns = 0
      let lent: Set<Int> = [5]

      var routes: AppRoutes {
        AppRoutes(
          path: $path, pages: AppRoutesTests.pages,
          state: [StateRoute($filter, default: .all, cases: [("lent", .lent)])],
          presentations: [
            PresentationRoute(
              "lend", below: Route.self,
              present: { [unowned self] _, page in
                // A book already lent cannot be lent again: the URL is a 404.
                guard case .book(let id)? = page, !lent.contains(id) else { return false }
                lending = id
                return true
              },
              print: { [unowned self] in lending == nil ? nil : [] },
              dismiss: { [unowned self] in lending = nil })
          ],
          query: [QueryParameter("q", $query, on: .root)],
          refuse: { path in
            guard case .book(let id)? = path.elements.first?.value(as: Route.self), id > 10 else { return nil }
            return "there is no book \(id)"
          },
          willNavigate: { [unowned self] in
            willNavigateRuns += 1
            returnAlert = nil
          })
      }
    }

    /// A library at `/books/5` with the return alert open.
    static func openLibrary() throws -> (Library, AppSession) {
      let model = Library()
      let session = try AppSession.start(at: "/books/5", model: model, routes: model.routes) {
        NavigationStack(routes: model.routes) { main { h1 { "Books" } } }
          .navigationDestination(for: Route.self) { _ in h1 { "Dune" } }
          .alert(model.$returnAlert)
      }.get()
      session.runtime.perform { model.returnAlert = AlertState { TextState("Return Dune?") } }
      _ = session.takePendingChanges()
      model.willNavigateRuns = 0
      return (model, session)
    }

    static func expectUnchanged(_ model: Library, _ session: AppSession) {
      #expect(model.path == UINavigationPath([Route.book(5)]))
      #expect(model.returnAlert != nil, "the dialog without a URL is still open")
      #expect(model.lending == nil)
      #expect(model.query == "dune")
      #expect(model.filter == .lent)
      #expect(model.willNavigateRuns == 0)
      #expect(session.url == "/books/5")
      #expect(session.pageURL == "/books/5")
    }

    @Test func aPresentationThatRefusesChangesNothingNotEvenTheAlert() throws {
      let (model, session) = try Self.openLibrary()
      #expect(session.followHistory(to: "/books/5/lend") == nil)
      Self.expectUnchanged(model, session)
    }

    @Test func aPathTheAppRefusesChangesNothing() throws {
      let (model, session) = try Self.openLibrary()
      #expect(session.followHistory(to: "/books/12") == nil)
      Self.expectUnchanged(model, session)
    }

    @Test func aURLNoRouteReadsChangesNothing() throws {
      let (model, session) = try Self.openLibrary()
      #expect(session.followHistory(to: "/films/2?q=x") == nil)
      Self.expectUnchanged(model, session)
    }

    @Test func aStateSegmentThatNamesNoCaseChangesNothing() throws {
      let (model, session) = try Self.openLibrary()
      #expect(session.followHistory(to: "/returned") == nil)
      Self.expectUnchanged(model, session)
    }

    @Test func anEmptySegmentOrATrailingSlashChangesNothing() throws {
      let (model, session) = try Self.openLibrary()
      #expect(session.followHistory(to: "/books//5") == nil)
      #expect(session.followHistory(to: "/books/5/") == nil)
      Self.expectUnchanged(model, session)
    }

    @Test func aBadlyPercentEncodedSegmentChangesNothing() throws {
      let (model, session) = try Self.openLibrary()
      #expect(session.followHistory(to: "/books/%zz") == nil)
      Self.expectUnchanged(model, session)
    }

    @Test func anAcceptedURLRunsWillNavigateOnce() throws {
      let (model, session) = try Self.openLibrary()
      #expect(session.followHistory(to: "/books/4/lend") != nil)
      #expect(model.willNavigateRuns == 1)
      #expect(model.returnAlert == nil)
      #expect(model.lending == 4)
    }
  }
}
