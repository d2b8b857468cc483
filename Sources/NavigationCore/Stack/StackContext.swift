import VirtualDOM

/// A `NavigationStack` while it renders: its path, the destinations registered for it, and the
/// pages `navigationDestination(item:)` pushed onto it. Closures made during the render (a
/// `push(value:)` action) keep it, so they act on the stack they were rendered in.
final class StackContext {
  let key: String
  let domID: String
  let path: UIBinding<UINavigationPath>
  /// The app's URL for a path of this stack, when it has routes: links then get an `href`.
  /// Each URL carries what belongs at that path (its filter, its query), nothing else.
  let urlForPath: ((UINavigationPath) -> String?)?
  private(set) var registrations: [DestinationRegistration] = []
  var itemPages: [PageDescriptor] = []
  /// How many path elements lie below the page being built now (0: the root page), so a link
  /// on a page leads to that page's path with its value pushed.
  var buildingDepth = 0

  init(
    key: String, domID: String, path: UIBinding<UINavigationPath>, urlForPath: ((UINavigationPath) -> String?)? = nil
  ) {
    self.key = key
    self.domID = domID
    self.path = path
    self.urlForPath = urlForPath
  }

  /// The URL of the path of the page being built with `element` pushed, if the routes can say it.
  func url(pushing element: UINavigationPath.Element) -> String? {
    guard let urlForPath else { return nil }
    var next = UINavigationPath(elements: Array(path.wrappedValue.elements.prefix(buildingDepth)))
    next.append(element)
    return urlForPath(next)
  }

  /// The URL of the first `depth` pages of the path (where a page's Back leads), if the routes
  /// can say it.
  func url(ofDepth depth: Int) -> String? {
    guard let urlForPath else { return nil }
    return urlForPath(UINavigationPath(elements: Array(path.wrappedValue.elements.prefix(depth))))
  }

  func register(_ registration: DestinationRegistration) {
    registrations.append(registration)
  }

  /// The last registration that handles `element` (the last registration wins).
  func registration(for element: UINavigationPath.Element) -> DestinationRegistration? {
    for registration in registrations.reversed() where registration.handles(element) {
      return registration
    }
    return nil
  }
}

/// A `navigationDestination(for:)`: which path elements it handles and how it renders them.
struct DestinationRegistration {
  var handles: (UINavigationPath.Element) -> Bool
  var build: (UINavigationPath.Element) -> [Node]
}

/// One pushed page before it becomes a `<section>`.
struct PageDescriptor {
  var key: String
  var domID: String
  var depth: Int
  var content: [Node]
  var back: () -> Void
  /// Where Back leads as a URL (the stack has routes): Back is then a link that works without
  /// script too.
  var backHref: String? = nil
}

enum PageMarkup {
  /// `<section class="navigation-page" …>` with a `<nav>` holding its Back button first (see docs/NAVIGATION.md).
  static func section(_ page: PageDescriptor, isTop: Bool) -> Node {
    var options: [ElementOption] = [
      .key(page.key), .attribute("id", page.domID), .attribute("class", "navigation-page"),
    ]
    let labelled = Labelling.labelFirstHeading(in: page.content, fallbackID: page.domID + "-title")
    if let id = labelled.id { options.append(.attribute("aria-labelledby", id)) }
    options.append(.attribute("data-depth", "\(page.depth)"))
    if !isTop { options.append(.attribute("hidden", "")) }
    let back = page.back
    let backButton: Node
    if let href = page.backHref {
      backButton = makeElement(
        "a", [.attribute("href", href), .attribute("class", "navigation-back"), .onClick { back() }],
        children: [.text("Back")])
    } else {
      backButton = makeElement(
        "button",
        [.attribute("type", "button"), .attribute("class", "navigation-back"), .onClick { back() }],
        children: [.text("Back")])
    }
    // A plain div: a lone Back button is not a navigation landmark (a <nav> without a heading
    // is also what the HTML checker warns about).
    let bar = makeElement("div", [.attribute("class", "navigation-bar")], children: [backButton])
    return makeElement("section", options, children: [bar] + labelled.nodes)
  }
}
