import DemoApp
import LiveSessions

/// The demo inventory app, ready to serve live or render for a URL.
enum DemoLiveApp {
  static let app = LiveApp(title: "Inventory", stylesheets: ["/app.css"]) { url in inventorySession(url: url) }
}
