import VirtualDOM

extension Node {
  /// Registers how the enclosing ``NavigationCore/NavigationStack(path:routes:root:)`` renders path elements of type
  /// `Value`; the last registration for a type wins.
  ///
  /// Call it on a node inside the stack's root (or inside a page). Outside a stack it is reported
  /// through ``NavigationWarnings`` and has no effect.
  ///
  /// ```swift
  /// NavigationStack(path: model.$path) {
  ///   main { h1 { "Inventory" } }
  ///     .navigationDestination(for: Item.self) { item in
  ///       h1 { item.name }
  ///     }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The path element type this destination renders.
  ///   - destination: The page's content for a value.
  /// - Returns: This node, unchanged.
  public func navigationDestination<Value: Hashable>(
    for type: Value.Type, @NodeBuilder destination: @escaping (Value) -> Node
  ) -> Node {
    guard let stack = RenderContext.current?.stack else {
      NavigationWarnings.report(
        "navigationDestination(for: \(TypeName.of(type))) is outside a NavigationStack; it has no effect")
      return self
    }
    stack.register(
      DestinationRegistration(
        handles: { $0.value(as: Value.self) != nil },
        build: { element in destination(element.value(as: Value.self)!).flattened }))
    return self
  }

  /// Pushes a page while `item` is non-nil (tree-based navigation).
  ///
  /// Inside a ``NavigationCore/NavigationStack(path:routes:root:)`` the page goes on top of the stack's pages; outside
  /// one, it follows this node, which is hidden while the page shows. The page is a
  /// `<section class="navigation-page">` keyed by the binding's ``UIBinding/presentationID()``
  /// whose Back button nils `item` (if it still presents the same destination).
  ///
  /// ```swift
  /// final class ItemsModel {
  ///   @Observed var destination: Destination?
  ///   enum Destination: Equatable { case detail(Item), edit(Item) }
  /// }
  ///
  /// extension UIBinding where Value == ItemsModel.Destination? {
  ///   var detail: UIBinding<Item?> { self.case("detail", ItemsModel.Destination.detail) { if case .detail(let item) = $0 { item } else { nil } } }
  /// }
  ///
  /// let model = ItemsModel()
  /// main { h1 { "Items" } }
  ///   .navigationDestination(item: model.$destination.detail) { item in
  ///     h1 { item.wrappedValue.name }
  ///   }
  /// ```
  ///
  /// - Parameters:
  ///   - item: The presented value; `nil` pops the page.
  ///   - destination: The page's content, given a binding to the unwrapped item.
  /// - Returns: This node (and, outside a stack, the page after it).
  public func navigationDestination<Item>(
    item: UIBinding<Item?>, @NodeBuilder destination: (UIBinding<Item>) -> Node
  ) -> Node {
    // The item is read once: its identity, its presentation id and the unwrapped binding's
    // first value all come from this read.
    let value = item.wrappedValue
    guard let presented = value else {
      RenderContext.current?.skip(kind: "destination", name: item.presentationName)
      return self
    }
    let identity = item.presentationIdentity.map { $0(value) }
    let presentationID = presentationKey(name: item.presentationName, identity: identity)
    let unwrapped = UIBinding(item, unwrapping: presented)
    let context = RenderContext.currentOrTemporary()
    return context.run {
      let (key, domID) = context.claim(kind: "destination", name: item.presentationName, identity: identity)
      // Inside a stack this page's place comes before the pages its content pushes (a
      // drill-down), so it is taken before the content is built.
      let stack = context.stack
      let place = stack?.itemPages.count ?? 0
      let back = ModalDialog.dismissal(of: item, presentationID: presentationID)
      stack?.itemPages.append(PageDescriptor(key: key, domID: domID, depth: 1, content: [], back: back))
      let content = context.present(
        key: key, domID: domID, name: item.presentationName, presentationID: presentationID, onDismiss: nil,
        release: back
      ) {
        destination(unwrapped).flattened
      }.content
      let page = PageDescriptor(key: key, domID: domID, depth: 1, content: content, back: back)
      if let stack {
        stack.itemPages[place] = page
        return self
      }
      var presenter = self
      if case .element(let element) = self {
        presenter = .element(element.with(attributes: element.attributes + [Attribute("hidden", "")]))
      }
      return .fragment([presenter, PageMarkup.section(page, isTop: true)])
    }
  }
}
