import HTMLRenderer

/// `navdom render --route URL`: the full page a visitor to URL would get from `navdom serve`.
enum DemoPage {
  static func render(route: String, style: Serializer.Style) -> Int32 {
    guard route.hasPrefix("/") else {
      Console.error("--route takes a path starting with /, such as /items/1")
      return 2
    }
    do {
      guard let html = try DemoLiveApp.app.renderPage(url: route) else {
        Console.error("the demo app has no page at \(route)")
        return 1
      }
      // Pretty output re-renders nothing: the page is already one compact document, and
      // snapshots of the app's own markup come from the runtime's pretty renderer instead.
      _ = style
      Console.write(html + "\n")
      return 0
    } catch {
      Console.error("\(route): \(error)")
      return 1
    }
  }
}
