import LiveSessions
import NavigationCore
import Testing
import VirtualDOM

/// The app's root is the app's: the container's tag and attributes, and `<html>`/`<body>`
/// attributes, in every page the server renders.
@Suite struct AppDocumentTests {
  static func app() -> LiveApp {
    LiveApp(title: "Todos") { url in
      AppSession.start(at: url, model: VisitorStorageTests.Visits(), routes: AppRoutes(state: [])) { header(.class("header")) { "todos" } }
    }
  }

  @Test func theDefaultContainerIsMainWithIdApp() throws {
    let page = try #require(try Self.app().renderPage(url: "/"))
    #expect(page.contains(#"<html lang="en">"#))
    #expect(page.contains(#"<body><main id="app" data-navdom-root="""#))
  }

  @Test func anAppChoosesItsContainerAndTheAttributesOfHtmlAndBody() throws {
    var app = Self.app()
    app.container = LiveApp.Container("section", attributes: [Attribute("class", "todoapp"), Attribute("data-navdom-root", "no")])
    app.htmlAttributes = [Attribute("lang", "fr"), Attribute("data-theme", "dark")]
    app.bodyAttributes = [Attribute("class", "learn")]
    let page = try #require(try app.renderPage(url: "/"))
    #expect(page.contains(#"<html lang="fr" data-theme="dark">"#))
    #expect(page.contains(#"<body class="learn"><section class="todoapp" data-navdom-root="" "#), "the runtime's attribute wins")
    #expect(page.contains(#"<header class="header">todos</header></section></body>"#))
  }
}
