import HTMLRenderer

/// `navdom render --route`: the demo app's page for a URL. Wired once the demo lands.
enum DemoPage {
  static func render(route: String, style: Serializer.Style) -> Int32 {
    Console.error("the demo app is not available yet")
    return 1
  }
}
