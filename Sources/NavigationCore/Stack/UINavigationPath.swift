/// A type-erased stack of values describing stack-based navigation: one page per element.
///
/// Append any `Hashable` value; a navigation stack renders a page for each element with the
/// destination registered for its type.
///
/// ```swift
/// final class AppModel {
///   @Observed var path = UINavigationPath()
/// }
///
/// model.path.append(ItemRoute(number: 7))
/// model.path.append(SettingsRoute.general)
/// model.path.count          // 2
/// model.path.removeLast()   // back to the item page
/// ```
public struct UINavigationPath {
  /// One element of the path, whatever its type.
  ///
  /// ```swift
  /// if let route = model.path[0].value(as: ItemRoute.self) { itemPage(route) }
  /// ```
  public struct Element: Hashable {
    let box: NavigationPathElementBox

    /// Wraps a value.
    ///
    /// ```swift
    /// let element = UINavigationPath.Element(ItemRoute(number: 7))
    /// ```
    public init<Value: Hashable>(_ value: Value) {
      box = NavigationPathValue(value)
    }

    init(box: NavigationPathElementBox) {
      self.box = box
    }

    /// The value, if it is of type `Value`.
    ///
    /// ```swift
    /// element.value(as: ItemRoute.self)?.number
    /// ```
    public func value<Value: Hashable>(as type: Value.Type) -> Value? {
      (box as? NavigationPathValue<Value>)?.value
    }

    /// Whether two elements hold equal values of the same type.
    ///
    /// ```swift
    /// UINavigationPath.Element(1) == UINavigationPath.Element(1)  // true
    /// ```
    public static func == (lhs: Element, rhs: Element) -> Bool {
      lhs.box.isEqual(to: rhs.box)
    }

    /// Hashes the value.
    ///
    /// ```swift
    /// let pages: Set<UINavigationPath.Element> = [element]
    /// ```
    public func hash(into hasher: inout Hasher) {
      box.hash(into: &hasher)
    }
  }

  /// The elements, bottom of the stack first.
  ///
  /// ```swift
  /// for element in model.path.elements { print(element) }
  /// ```
  public private(set) var elements: [Element] = []

  /// Creates an empty path (the root page only).
  ///
  /// ```swift
  /// var path = UINavigationPath()
  /// ```
  public init() {}

  /// Creates a path from a sequence of values of one type.
  ///
  /// ```swift
  /// let path = UINavigationPath([ItemRoute(number: 1), ItemRoute(number: 2)])
  /// ```
  public init<Values: Sequence>(_ values: Values) where Values.Element: Hashable {
    for value in values {
      append(value)
    }
  }

  /// Creates a path from type-erased elements.
  ///
  /// ```swift
  /// let path = UINavigationPath(elements: Array(model.path.elements.prefix(1)))
  /// ```
  public init(elements: [Element]) {
    self.elements = elements
  }

  /// The number of elements (pages above the root).
  ///
  /// ```swift
  /// UINavigationPath().count  // 0
  /// ```
  public var count: Int { elements.count }

  /// Whether only the root page is shown.
  ///
  /// ```swift
  /// let back = model.path.isEmpty ? nil : "Back"
  /// ```
  public var isEmpty: Bool { elements.isEmpty }

  /// The element at `index` (0 is the first page pushed).
  ///
  /// ```swift
  /// model.path[0].value(as: ItemRoute.self)
  /// ```
  public subscript(index: Int) -> Element { elements[index] }

  /// Pushes a value.
  ///
  /// ```swift
  /// model.path.append(ItemRoute(number: 7))
  /// ```
  public mutating func append<Value: Hashable>(_ value: Value) {
    elements.append(Element(value))
  }

  /// Pushes a type-erased element.
  ///
  /// ```swift
  /// let otherPath = UINavigationPath([ItemRoute(number: 2)])
  /// model.path.append(otherPath[0])
  /// ```
  public mutating func append(_ element: Element) {
    elements.append(element)
  }

  /// Pops `count` elements from the top (1 by default).
  ///
  /// ```swift
  /// model.path.removeLast(model.path.count)  // back to the root
  /// ```
  ///
  /// - Parameter count: How many to remove; must not exceed ``count``.
  public mutating func removeLast(_ count: Int = 1) {
    elements.removeLast(count)
  }
}

extension UINavigationPath: Hashable {
  /// Whether two paths hold equal elements in the same order.
  ///
  /// ```swift
  /// UINavigationPath([1, 2]) == UINavigationPath([1, 2])  // true
  /// ```
  public static func == (lhs: UINavigationPath, rhs: UINavigationPath) -> Bool {
    lhs.elements == rhs.elements
  }

  /// Hashes the elements in order.
  ///
  /// ```swift
  /// let seen: Set<UINavigationPath> = [model.path]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}
