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
  try? startInventory(url: url).get()
}

/// The demo at `url`, or why it has no page there (the reason a 404 page shows).
///
/// ```swift
/// startInventory(url: "/items/9")   // .failure: there is no item 9
/// ```
public func startInventory(url: String) -> Result<AppSession, RouteError> {
  let model = InventoryModel()
  return AppSession.start(at: url, model: model, routes: model.routes) { inventoryView(model) }
}
