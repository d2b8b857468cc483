import NavigationCore
import VirtualDOM
import WatchGreeting

/// The fixture's one page: a heading the test edits, a line from the path dependency, and a
/// counter (a page that answers clicks is hydrated).
public final class GreetingModel {
  @Observed var count = 0
  public init() {}
}

public func greetingView(_ model: GreetingModel) -> Node {
  main {
    h1 { "Hello, watcher" }
    p(.class("greeting")) { greetingLine }
    button(.onClick { model.count += 1 }) { "Clicked \(model.count) times" }
  }
}

public func greetingSession(url: String) -> Result<AppSession, RouteError> {
  guard url == "/" else { return .failure(RouteError(url: url, reason: "the fixture has one page, /")) }
  let model = GreetingModel()
  let runtime = NavigationRuntime(retaining: [model]) { greetingView(model) }
  return .success(AppSession(runtime: runtime, model: model, currentURL: { "/" }, navigate: { $0 == "/" }))
}
