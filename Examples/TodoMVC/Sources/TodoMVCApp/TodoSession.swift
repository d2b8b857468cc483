import NavigationCore
import VirtualDOM

/// The app as a visitor gets it: an empty list showing the filter at `url`, running, or why the
/// app has no page there (a 404). The live server and the WebAssembly module start visitors
/// here.
///
/// ```swift
/// let session = try? startTodoMVC(url: "/active").get()
/// session?.url   // "/active"
/// ```
public func startTodoMVC(url: String) -> Result<AppSession, RouteError> {
  let model = TodoModel()
  return AppSession.start(at: url, model: model, routes: model.routes) { todoView(model) }
}

/// ``startTodoMVC(url:)`` without the reason: the session at `url`, or `nil`.
///
/// ```swift
/// todoSession(url: "/done")   // nil
/// ```
public func todoSession(url: String) -> AppSession? {
  try? startTodoMVC(url: url).get()
}
