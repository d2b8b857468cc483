import NavigationCore
import VirtualDOM

/// The demo as a visitor gets it: a fresh inventory at `url`, running, or `nil` when the app
/// has no page there. `navdom serve` (live, on the server) and the WebAssembly module (in the
/// browser) both start visitors here, so both run the same app the same way.
///
/// ```swift
/// let session = inventorySession(url: "/items/1/edit")
/// session?.runtime.nodes    // the editor page, two levels deep
/// ```
public func inventorySession(url: String) -> AppSession? {
  let model = InventoryModel()
  guard model.navigate(to: url) else { return nil }
  let runtime = NavigationRuntime(retaining: [model]) { inventoryView(model) }
  return AppSession(runtime: runtime, model: model, currentURL: { model.url }, navigate: { model.navigate(to: $0) })
}
