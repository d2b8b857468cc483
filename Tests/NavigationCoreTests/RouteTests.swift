import HTMLRenderer
import NavigationCore
import Testing
import VirtualDOM

/// URL patterns with parameters, the query kept apart from the path, and a reason for a URL
/// that names no page.
extension NavigationCoreTests {
  @Suite struct RouteTests {
    enum Page: Hashable, Sendable {
      case contacts
      case contact(Int)
      case edit(Int)
    }

    static let routes = NavigationRoutes([
      NavigationRoute(
        "contacts", Page.self, parse: { _, below in below == nil ? .contacts : nil },
        print: { $0 == .contacts ? [] : nil }),
      NavigationRoute(
        ":id", Page.self,
        parse: { parameters, below in below == .contacts ? parameters.int("id").map(Page.contact) : nil },
        print: { if case .contact(let id) = $0 { [String(id)] } else { nil } }),
      NavigationRoute(
        "edit", Page.self,
        parse: { _, below in if case .contact(let id)? = below { .edit(id) } else { nil } },
        print: { if case .edit = $0 { [] } else { nil } }),
    ])

    @Test func aPathPrintsAsOneURLAndReadsBack() {
      let path = UINavigationPath([Page.contacts, Page.contact(2), Page.edit(2)])
      #expect(Self.routes.url(for: path) == "/contacts/2/edit")
      #expect(Self.routes.path(from: "/contacts/2/edit") == path)
      #expect(Self.routes.url(for: UINavigationPath()) == "/")
      #expect(Self.routes.path(from: "/") == UINavigationPath())
    }

    @Test func theQueryIsTheAppsAndNotPartOfThePath() throws {
      let match = try Self.routes.match("/contacts/2?ref=mail&note=hello+there%21").get()
      #expect(match.path == UINavigationPath([Page.contacts, Page.contact(2)]))
      #expect(match.query("ref") == "mail")
      #expect(match.query("note") == "hello there!")
      #expect(Self.routes.path(from: "/contacts?") == UINavigationPath([Page.contacts]))
    }

    @Test func aURLThatNamesNoPageSaysWhere() {
      #expect(
        Self.routes.match("/contacts/two").error?.reason
          == #"no route for "two" at /contacts/two; ":id" matches but its parse made no page of it here"#)
      #expect(Self.routes.match("/edit").error?.reason.hasPrefix(#"no route for "edit" at /edit; "#) == true)
      #expect(Self.routes.path(from: "/contacts/2/edit/more") == nil)
      #expect(Self.routes.match("/contacts/%zz").error?.reason.hasPrefix("badly percent-encoded") == true)
    }

    @Test func segmentRoutesIgnoreTheQueryToo() {
      let routes = NavigationRoutes(
        encode: { $0.value(as: String.self).map { "contact-" + $0 } },
        decode: { $0.hasPrefix("contact-") ? UINavigationPath.Element(String($0.dropFirst(8))) : nil })
      #expect(routes.path(from: "/contact-2?ref=mail") == UINavigationPath(["2"]))
    }

    @Test func linksInAStackWithRoutesAreRealLinksToThePushedPath() throws {
      final class Model { @Observed var path = UINavigationPath([Page.contacts]) }
      let model = Model()
      let view = { (routes: NavigationRoutes?) -> Node in
        NavigationStack(path: model.$path, routes: routes) {
          main { h1 { "Home" }; NavigationLink(value: Page.contacts) { "Contacts" } }
            .navigationDestination(for: Page.self) { page in
              h1 { "Page" }
              if page == .contacts { NavigationLink(value: Page.contact(7)) { "Grace" } }
            }
        }
      }
      let linked = try NavigationRuntime(retaining: [model]) { view(Self.routes) }.renderHTML()
      // The root's link leads to the root's path plus its value; the page's to the page's.
      #expect(linked.contains(#"<a href="/contacts" class="navigation-link">Contacts</a>"#))
      #expect(linked.contains(#"<a href="/contacts/7" class="navigation-link">Grace</a>"#))
      let plain = try NavigationRuntime(retaining: [model]) { view(nil) }.renderHTML()
      #expect(plain.contains(#"<button type="button" class="navigation-link">Grace</button>"#))
      #expect(!plain.contains("<a "))
    }

    @Test func parametersArePercentEncodedBothWays() {
      let routes = NavigationRoutes([
        NavigationRoute(
          "tags/:name", String.self, parse: { parameters, _ in parameters["name"] }, print: { [$0] })
      ])
      let path = UINavigationPath(["red shoes/ø"])
      let url = routes.url(for: path)
      #expect(url == "/tags/red%20shoes%2F%C3%B8")
      #expect(routes.path(from: url!) == path)
    }
  }
}
