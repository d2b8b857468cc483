import Foundation
import LiveSessions
import NavigationCore
import VirtualDOM

/// `navdom serve --demo likes`: a count every visitor shares and each visitor's own count,
/// for several processes on one Redis (`--redis URL`): a like in a page of one process reaches
/// the pages of every other, the count is exact however many processes add to it at once, and
/// a visitor whose process stops finds their own count on the next. The visitor is named by
/// the page's `?visitor=` (a new one gets an id there).
enum LikesDemo {
  /// Made on first use, after `serve` has chosen `PubSub.shared`'s engine.
  static let likes = SharedState(0, topic: "demo-likes", pubsub: .shared)

  final class Model {
    @Observed var everyone = 0
    @Observed var yours = 0
    let visitor: String

    init(visitor: String) { self.visitor = visitor }

    func like() {
      yours += 1
      try? PubSub.shared.visitors.set(yours, visitor: visitor, key: "likes")
      everyone = LikesDemo.likes.update { $0 += 1 }
    }
  }

  static let app: LiveApp = {
    var app = LiveApp(title: "Likes", startSession: { url in session(url: url) })
    app.onServe = { server in
      likes.onChange { _ in
        server.performOnEverySession { $0.model(as: Model.self)?.everyone = likes.value }
      }
    }
    return app
  }()

  static func session(url: String) -> Result<AppSession, RouteError> {
    guard let parts = URLComponents(string: url), parts.path == "/" else {
      return .failure(RouteError(url: url, reason: "the likes demo has one page, /"))
    }
    let given = parts.queryItems?.first { $0.name == "visitor" }?.value ?? ""
    let isValid = (1...64).contains(given.count) && given.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    let model = Model(visitor: isValid ? given : UUID().uuidString.lowercased())
    model.everyone = likes.value
    model.yours = (try? PubSub.shared.visitors.value(Int.self, visitor: model.visitor, key: "likes")) ?? 0
    let runtime = NavigationRuntime(retaining: [model]) { view(model) }
    let pageURL = "/?visitor=" + model.visitor
    return .success(AppSession(runtime: runtime, model: model, currentURL: { pageURL }, navigate: { $0 == pageURL }))
  }

  static func view(_ model: Model) -> Node {
    div(.class("likes")) {  // not <main>: the page's own root is one
      h1 { "Likes" }
      p(.class("everyone")) { "Everyone: \(model.everyone)" }
      p(.class("yours")) { "Yours: \(model.yours)" }
      button(.type("button"), .onClick { model.like() }) { "Like" }
      p(.class("served-by")) { "Served by process \(ProcessInfo.processInfo.processIdentifier)" }
    }
  }
}
