import NavigationCore

enum Shelf: Equatable { case all, lent }
enum Route: Hashable, Sendable {
  case book(Int)
  static let routes = NavigationRoutes([
    NavigationRoute(
      "books/:id", Route.self,
      parse: { parameters, _ in parameters.int("id").map(Route.book) },
      print: { if case .book(let id) = $0 { [String(id)] } else { nil } })
  ])
}

final class LibraryModel {
  @Observed var path = UINavigationPath()
  @Observed var shelf = Shelf.all
  @Observed var query = ""
  @Observed var destination: Int?
  var isLending: Bool { destination != nil }
  func lend(_ page: Route?) -> Bool {
    guard case .book(let id)? = page else { return false }
    destination = id
    return true
  }
}

@MainActor let model = LibraryModel()
