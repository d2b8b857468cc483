import NavigationCore
import VirtualDOM

/// The app as a visitor gets it: an empty list showing the filter at `url`, running, or `nil`
/// when the app has no page there. The live server and the WebAssembly module start visitors
/// here.
///
/// ```swift
/// let session = todoSession(url: "/active")
/// session?.url   // "/active"
/// ```
public func todoSession(url: String) -> AppSession? {
  let model = TodoModel()
  guard model.navigate(to: url) else { return nil }
  let runtime = NavigationRuntime(retaining: [model]) { todoView(model) }
  return AppSession(
    runtime: runtime, model: model, currentURL: { model.url }, navigate: { model.navigate(to: $0) })
}
