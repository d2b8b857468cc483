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
    // Read as bytes, not Characters or substrings: URLs are ASCII, and Character splitting and
    // substring parsing would bring grapheme breaking and more String code into the
    // WebAssembly module.
    let bytes = Array(url.utf8)
    var segments: [Range<Int>] = []
    var start = 0
    var end = 0
    while end < bytes.count && bytes[end] != UInt8(ascii: "?") {
      if bytes[end] == UInt8(ascii: "/") {
        if end > start { segments.append(start..<end) }
        start = end + 1
      }
      end += 1
    }
    if end > start { segments.append(start..<end) }
    if segments.isEmpty { return [] }
    func segment(_ index: Int, is word: StaticString) -> Bool {
      let range = segments[index]
      guard range.count == word.utf8CodeUnitCount else { return false }
      for offset in 0..<range.count where bytes[range.lowerBound + offset] != word.utf8Start[offset] {
        return false
      }
      return true
    }
    guard segments.count >= 2, segments.count <= 4, segment(0, is: "items"),
      let id = positiveInteger(bytes[segments[1]])
    else { return nil }
    var routes: [Route] = [.item(id)]
    if segments.count >= 3 {
      guard segment(2, is: "edit") else { return nil }
      routes.append(.edit(id))
    }
    if segments.count == 4 {
      guard segment(3, is: "color") else { return nil }
      routes.append(.color(id))
    }
    return routes
  }

  /// The positive integer `digits` spells as `Int(_:)` reads it (an optional `+`, then decimal
  /// digits), or `nil` for anything else, zero, negatives and overflow.
  private static func positiveInteger(_ digits: ArraySlice<UInt8>) -> Int? {
    var rest = digits
    if rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
    guard !rest.isEmpty else { return nil }
    var value = 0
    for byte in rest {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (sum, carried) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflowed, !carried else { return nil }
      value = sum
    }
    return value > 0 ? value : nil
  }
}
