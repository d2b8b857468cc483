import VirtualDOM

/// A stack of pages driven by a path: the root, then one `<section>` page per path element.
///
/// Each element is rendered by the last ``VirtualDOM/Node/navigationDestination(for:destination:)``
/// registered for its type (in the root or in a page below it); an element no registration
/// handles is reported through ``NavigationWarnings`` and left out. Only the top page is
/// visible (the others are `hidden`), and every pushed page starts with a Back button that
/// truncates the path to the pages below it. Appending pushes a page (also a value equal to the
/// one below), removing trailing elements pops, and any other change replaces the pages from
/// the first changed element up.
///
/// ```swift
/// final class AppModel {
///   @Observed var path = UINavigationPath()
/// }
///
/// NavigationStack(path: model.$path) {
///   main {
///     h1 { "Inventory" }
///     NavigationLink(value: Item(id: 1, name: "Hammer")) { "Hammer" }
///   }
///   .navigationDestination(for: Item.self) { item in
///     h1 { item.name }
///   }
/// }
/// ```
///
/// Registrations are made while the stack's content renders, so call
/// `navigationDestination(for:)` on a node inside the `root` builder (or inside a page).
///
/// With `routes`, every ``NavigationLink(value:label:)`` in the stack is a real link: an
/// `<a href>` to the URL of the path with its value pushed, which a plain click pushes in the
/// page, a modified or middle click opens in a new tab, and a browser without script follows
/// (the server renders that URL).
///
/// - Parameters:
///   - path: The pushed values, bottom first.
///   - routes: The app's URLs for paths (optional).
///   - root: The root page's content.
/// - Returns: `<div class="navigation-stack">` holding the root `<section>` and the pages.
public func NavigationStack(
  path: UIBinding<UINavigationPath>, routes: NavigationRoutes? = nil, @NodeBuilder root: () -> Node
) -> Node {
  stack(path: path, urlForPath: routes.map { routes in { routes.url(for: $0) } }, root: root)
}

/// A stack whose path, links and Back links come from the app's one route declaration: every
/// ``NavigationLink(value:label:)`` is an `<a href>` to the URL of the path with its value
/// pushed, and every page's Back is an `<a href>` to the URL below it, so the stack works
/// without script too. Each link carries the state segments and query parameters that belong
/// where it leads (``AppRoutes/Place``): the list's filter is on Back to the list, not on a
/// link to a book.
///
/// ```swift
/// NavigationStack(routes: routes) {
///   main { h1 { "Books" }; NavigationLink(value: Route.book(2)) { "Dune" } }
///     .navigationDestination(for: Route.self) { route in bookPage(route) }
/// }
/// ```
///
/// - Parameters:
///   - routes: The app's routes; their path is the stack's.
///   - root: The root page's content.
/// - Returns: `<div class="navigation-stack">` holding the root `<section>` and the pages.
public func NavigationStack(routes: AppRoutes, @NodeBuilder root: () -> Node) -> Node {
  stack(path: routes.path, urlForPath: { routes.url(for: $0) }, root: root)
}

private func stack(
  path: UIBinding<UINavigationPath>, urlForPath: ((UINavigationPath) -> String?)?, root: () -> Node
) -> Node {
  let context = RenderContext.currentOrTemporary()
  return context.run {
    let (key, domID) = context.claim(kind: "stack", name: path.presentationName, identity: nil)
    let stack = StackContext(key: key, domID: domID, path: path, urlForPath: urlForPath)
    let outerStack = context.stack
    context.stack = stack
    context.renderedStackKeys.append(key)
    // Inside a presentation or page, the path goes when the stack does (state follows what is shown).
    context.recordNestedStack(key: key, pathName: path.presentationName, reset: StackPages.truncation(of: path, to: 0))
    defer { context.stack = outerStack }

    let rootContent = root().flattened
    let elements = path.wrappedValue.elements
    let pageKeys = StackPages.keys(for: elements, stackKey: key, memory: context.memory)

    var pages: [PageDescriptor] = []
    for (index, element) in elements.enumerated() {
      guard let registration = stack.registration(for: element) else {
        NavigationWarnings.report(
          "no navigationDestination(for:) handles \(element.box.typeName) at path index \(index); the page was left out")
        continue
      }
      let pageDOMID = domID + "-page-\(index + 1)"
      stack.buildingDepth = index + 1
      let back = StackPages.truncation(of: path, to: index)
      let content = context.present(
        key: key + "/" + pageKeys[index], domID: pageDOMID, onDismiss: nil, release: nil
      ) {
        registration.build(element)
      }.content
      pages.append(
        PageDescriptor(
          key: pageKeys[index], domID: pageDOMID, depth: index + 1, content: content,
          back: back, backHref: stack.url(ofDepth: index)))
    }
    for page in stack.itemPages {
      var page = page
      page.depth = pages.count + 1
      // An item page sits over the whole path: Back leads to the path's URL.
      page.backHref = stack.url(ofDepth: elements.count)
      pages.append(page)
    }

    var sections: [Node] = []
    var rootOptions: [ElementOption] = [
      .key("root"), .attribute("class", "navigation-page navigation-root"), .attribute("data-depth", "0"),
    ]
    if !pages.isEmpty { rootOptions.append(.attribute("hidden", "")) }
    sections.append(makeElement("section", rootOptions, children: rootContent))
    for (index, page) in pages.enumerated() {
      sections.append(PageMarkup.section(page, isTop: index == pages.count - 1))
    }
    return makeElement("div", [.attribute("class", "navigation-stack")], children: sections)
  }
}

/// Page keys and back actions of a stack.
enum StackPages {
  /// Keys that survive while the path below and at a page is unchanged: the common prefix with
  /// the last render keeps its keys, every other page gets a fresh one.
  static func keys(
    for elements: [UINavigationPath.Element], stackKey: String, memory: NavigationMemory?
  ) -> [String] {
    guard let memory else {
      var keys: [String] = []
      for index in elements.indices { keys.append("page-\(index + 1)") }
      return keys
    }
    let previous = memory.stack(stackKey)
    var prefix = 0
    while prefix < previous.path.count && prefix < elements.count
      && previous.path[prefix] == elements[prefix]
    {
      prefix += 1
    }
    var keys = Array(previous.pageKeys.prefix(prefix))
    while keys.count < elements.count {
      memory.nextPageGeneration += 1
      keys.append("page-\(memory.nextPageGeneration)")
    }
    memory.remember(StackMemory(key: stackKey, path: elements, pageKeys: keys))
    return keys
  }

  /// Going back from the page at `index`: keep the elements below it, if it is still there.
  static func truncation(of path: UIBinding<UINavigationPath>, to index: Int) -> () -> Void {
    {
      let count = path.wrappedValue.count
      guard count > index else { return }
      path.wrappedValue.removeLast(count - index)
    }
  }
}
