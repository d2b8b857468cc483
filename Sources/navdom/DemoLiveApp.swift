import DemoApp
import LiveSessions
import NavigationCore

/// The demo inventory app, ready to serve live or render for a URL.
enum DemoLiveApp {
  static let app = LiveApp(title: "Inventory", stylesheets: ["/app.css"]) { url in
    let model = InventoryModel()
    guard model.navigate(to: url) else { return nil }
    let runtime = NavigationRuntime(model: model) { inventoryView($0) }
    return LiveAppSession(runtime: runtime, currentURL: { model.url }, navigate: { model.navigate(to: $0) })
  }
}
