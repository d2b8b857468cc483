import NavigationCore
import VirtualDOM

final class LibraryModel {
  @Observed var path = UINavigationPath()
  var routes: AppRoutes { AppRoutes(path: $path, pages: NavigationRoutes([])) }
}

func libraryView(_ model: LibraryModel) -> Node { main { h1 { "Library" } } }
