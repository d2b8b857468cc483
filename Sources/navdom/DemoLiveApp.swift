import DemoApp
import LiveSessions
import VirtualDOM

/// The demo inventory app, ready to serve live or render for a URL.
enum DemoLiveApp {
  static let app: LiveApp = {
    var app = LiveApp(title: "Inventory", stylesheets: ["/app.css"]) { url in startInventory(url: url) }
    app.notFound = { reason in
      fragment {
        h1 { "Page not found" }
        p { "The inventory has no page at this address." }
        if let reason { p(.class("route-error")) { reason } }
        p { a(.href("/")) { "Back to the inventory" } }
      }
    }
    return app
  }()
}
