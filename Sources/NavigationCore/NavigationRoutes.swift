/// The app's own URL form of a navigation path: one URL segment per path element, encoded and
/// decoded by closures the app supplies (the portable way to deep-link; natively
/// ``UINavigationPath/urlComponent`` needs no code but gives opaque URLs).
///
/// Segments are percent-encoded, so an encoder may return any text. Routes are `Sendable`: keep
/// them in a `static let`.
///
/// ```swift
/// let routes = NavigationRoutes(
///   encode: { element in element.value(as: Item.self).map { "item-\($0.id)" } },
///   decode: { segment in
///     guard segment.hasPrefix("item-"), let id = Int(segment.dropFirst(5)) else { return nil }
///     return UINavigationPath.Element(Item(id: id))
///   })
/// routes.url(for: model.path)              // "/item-1/item-7"
/// routes.path(from: "/item-1/item-7")      // the same path
/// ```
public struct NavigationRoutes: Sendable {
  private let encodeElement: @Sendable (UINavigationPath.Element) -> String?
  private let decodeSegment: @Sendable (String) -> UINavigationPath.Element?

  /// Creates routes from an encoder and a decoder of single elements.
  ///
  /// ```swift
  /// let routes = NavigationRoutes(encode: { _ in "page" }, decode: { _ in nil })
  /// ```
  ///
  /// - Parameters:
  ///   - encode: One element as a segment; `nil` when it has no URL form.
  ///   - decode: A segment as an element; `nil` when it names none.
  public init(
    encode: @escaping @Sendable (UINavigationPath.Element) -> String?,
    decode: @escaping @Sendable (String) -> UINavigationPath.Element?
  ) {
    encodeElement = encode
    decodeSegment = decode
  }

  /// The URL path for `path`: `/` for the root, `/a/b/c` for three pages.
  ///
  /// ```swift
  /// routes.url(for: UINavigationPath([Item(id: 3)]))  // "/item-3"
  /// ```
  ///
  /// - Returns: The URL path, or `nil` when an element has no URL form.
  public func url(for path: UINavigationPath) -> String? {
    var url = ""
    for element in path.elements {
      guard let segment = encodeElement(element) else { return nil }
      url += "/" + PercentEncoding.encode(segment)
    }
    return url.isEmpty ? "/" : url
  }

  /// The path a URL path names.
  ///
  /// ```swift
  /// routes.path(from: "/item-3")?.count  // 1
  /// ```
  ///
  /// - Returns: The path, or `nil` when a segment names nothing (or is badly encoded).
  public func path(from url: String) -> UINavigationPath? {
    var path = UINavigationPath()
    for segment in url.split(separator: "/", omittingEmptySubsequences: true) {
      guard let text = PercentEncoding.decode(String(segment)), let element = decodeSegment(text) else {
        return nil
      }
      path.append(element)
    }
    return path
  }
}
