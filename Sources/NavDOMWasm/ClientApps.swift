import DemoApp
import VirtualDOM
import NavigationCore

/// The apps the module can run, by name: `inventory` (the demo, Sources/DemoApp) and `bench`
/// (the benchmark table, BenchmarkApp.swift).
///
/// ```swift
/// let session = ClientApps.start("inventory", url: "/items/1")   // nil: no such app or URL
/// ```
enum ClientApps {
  /// A session of app `name` at `url`, or `nil` when there is no such app or the app has no
  /// page at `url`.
  static func start(_ name: String, url: String) -> ClientSession? {
    switch name {
    case "inventory": return inventory(url: url)
    case "bench": return bench()
    default: return nil
    }
  }

  /// The demo, exactly as `navdom serve` builds it for a visitor (Sources/navdom/DemoLiveApp.swift).
  static func inventory(url: String) -> ClientSession? {
    let model = InventoryModel()
    guard model.navigate(to: url) else { return nil }
    let runtime = NavigationRuntime(retaining: [model]) { inventoryView(model) }
    return ClientSession(runtime: runtime, currentURL: { model.url }, navigate: { model.navigate(to: $0) })
  }

  static func bench() -> ClientSession {
    let model = BenchmarkModel()
    let runtime = NavigationRuntime(retaining: [model]) { benchmarkAppView(model) }
    return ClientSession(runtime: runtime, currentURL: { "/" }, navigate: { _ in false })
  }
}
