import NavigationCore

/// A page on the inventory's navigation stack. The stack's path is a list of routes, and the
/// URL is made from it by ``routes``: `/items/1`, `/items/1/edit`, `/items/1/edit/color`.
public enum Route: Hashable, Sendable {
  /// An item's page.
  case item(Int)
  /// The page that edits an item.
  case edit(Int)
  /// The color picker for an item.
  case color(Int)

  /// The inventory's URLs: each page adds its segments to the URL of the page below it.
  ///
  /// ```swift
  /// Route.routes.url(for: UINavigationPath([Route.item(1), Route.edit(1)]))   // "/items/1/edit"
  /// Route.routes.path(from: "/items/1/edit/color")                           // item, edit, color
  /// ```
  public static let routes = NavigationRoutes([
    NavigationRoute(
      "items/:id", Route.self,
      parse: { parameters, below in
        guard below == nil, let id = parameters.int("id"), id > 0 else { return nil }
        return .item(id)
      },
      print: { if case .item(let id) = $0 { [String(id)] } else { nil } }),
    NavigationRoute(
      "edit", Route.self,
      parse: { _, below in if case .item(let id)? = below { .edit(id) } else { nil } },
      print: { if case .edit = $0 { [] } else { nil } }),
    NavigationRoute(
      "color", Route.self,
      parse: { _, below in if case .edit(let id)? = below { .color(id) } else { nil } },
      print: { if case .color = $0 { [] } else { nil } }),
  ])
}
