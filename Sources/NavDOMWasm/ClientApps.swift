import DemoApp
import VirtualDOM
import NavigationCore

/// The apps the module can run, by name: `inventory` (the demo, started as `navdom serve`
/// starts it: `inventorySession(url:)`) and `bench`
/// (the benchmark table, BenchmarkApp.swift).
///
/// ```swift
/// let session = ClientApps.start("inventory", url: "/items/1")   // nil: no such app or URL
/// ```
enum ClientApps {
  /// A session of app `name` at `url`, or `nil` when there is no such app or the app has no
  /// page at `url`.
  static func start(_ name: String, url: String) -> AppSession? {
    switch name {
    case "inventory": return inventorySession(url: url)
    case "bench": return bench()
    default: return nil
    }
  }

  static func bench() -> AppSession {
    let model = BenchmarkModel()
    let runtime = NavigationRuntime(retaining: [model]) { benchmarkAppView(model) }
    return AppSession(runtime: runtime, currentURL: { "/" }, navigate: { _ in false })
  }
}
