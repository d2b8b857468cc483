/// A page on the inventory's navigation stack. The stack's path is a list of routes, and the
/// URL is made from it: `/items/1`, `/items/1/edit`, `/items/1/edit/color`.
public enum Route: Hashable {
  /// An item's page.
  case item(Int)
  /// The page that edits an item.
  case edit(Int)
  /// The color picker for an item.
  case color(Int)

  /// The URL of a stack of routes.
  ///
  /// ```swift
  /// Route.url(for: [.item(1), .edit(1)])   // "/items/1/edit"
  /// ```
  public static func url(for routes: [Route]) -> String {
    guard case .item(let id)? = routes.first else { return "/" }
    var url = "/items/\(id)"
    if routes.count > 1 { url += "/edit" }
    if routes.count > 2 { url += "/color" }
    return url
  }

  /// The stack of routes a URL stands for, or `nil` for a URL the app does not have. The query
  /// is ignored.
  ///
  /// ```swift
  /// Route.routes(for: "/items/1/edit/color")   // [.item(1), .edit(1), .color(1)]
  /// ```
  public static func routes(for url: String) -> [Route]? {
    // Split and compared as bytes, not Characters: URLs are ASCII, and Character splitting
    // would bring grapheme breaking into the WebAssembly module.
    var parts: [[UInt8]] = []
    var part: [UInt8] = []
    for byte in url.utf8 {
      if byte == UInt8(ascii: "?") { break }
      if byte != UInt8(ascii: "/") {
        part.append(byte)
      } else if !part.isEmpty {
        parts.append(part)
        part.removeAll()
      }
    }
    if !part.isEmpty { parts.append(part) }
    if parts.isEmpty { return [] }
    guard parts.count >= 2, parts.count <= 4, parts[0] == Array("items".utf8),
      let id = Int(String(decoding: parts[1], as: UTF8.self)), id > 0
    else { return nil }
    var routes: [Route] = [.item(id)]
    if parts.count >= 3 {
      guard parts[2] == Array("edit".utf8) else { return nil }
      routes.append(.edit(id))
    }
    if parts.count == 4 {
      guard parts[3] == Array("color".utf8) else { return nil }
      routes.append(.color(id))
    }
    return routes
  }
}
