import HTMLRenderer

/// `navdom render --route URL`: the full page a visitor to URL would get from `navdom serve`.
enum DemoPage {
  static func render(route: String, style: Serializer.Style) -> Int32 {
    guard route.hasPrefix("/") else {
      Console.error("--route takes a path starting with /, such as /items/1")
      return 2
    }
    do {
      guard let html = try DemoLiveApp.app.renderPage(url: route, style: style) else {
        Console.error("the demo app has no page at \(route)")
        return 1
      }
      Console.write(style == .pretty ? html : html + "\n")
      return 0
    } catch {
      Console.error("\(route): \(error)")
      return 1
    }
  }
}
