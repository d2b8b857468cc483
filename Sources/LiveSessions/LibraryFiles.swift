import Foundation
import StaticServe

/// Files the library itself serves to every app, whatever its public folder holds:
/// `/runtime.js`, the browser runtime's entry module, and the modules it imports under
/// `/runtime/` (docs/RUNTIME.md); `/navdom.css`, the navigation markup's base stylesheet
/// (``LiveApp/navigationStylesheet``); and `/favicon.ico` for an app whose public folder has
/// none (browsers ask for it on every page load, and a 404 is an error in their consoles).
enum LibraryFiles {
  /// The library's own resources, served like static files (validators, gzip, HEAD).
  static let handler: StaticFileHandler? = {
    guard let url = Bundle.module.url(forResource: "runtime", withExtension: "js") else { return nil }
    return try? StaticFileHandler(publicRoot: url.deletingLastPathComponent().path)
  }()

  /// The paths every app gets from the library, before its public folder: the runtime's entry,
  /// its modules and the stylesheet.
  static let paths: Set<String> = Set(["/runtime.js", LiveApp.navigationStylesheet] + runtimeModules)

  /// The runtime's modules that `/runtime.js` imports, as paths (`/runtime/patches.js`, …),
  /// sorted: what a page preloads (``LivePage``) so the browser fetches them at once rather
  /// than one import level at a time.
  static let runtimeModules: [String] = {
    guard let url = Bundle.module.url(forResource: "runtime", withExtension: "js") else { return [] }
    let folder = url.deletingLastPathComponent().appendingPathComponent("runtime")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".js") }.sorted().map { "/runtime/" + $0 }
  }()

  /// The answer for one of `paths` (by default the runtime's files and `/navdom.css`), or `nil`
  /// for any other request.
  static func response(to request: HTTPRequest, paths: Set<String> = paths) -> HTTPResponse? {
    guard paths.contains(request.path), request.method == .get || request.method == .head else { return nil }
    guard let handler else { return .error(.internalServerError, detail: "the library's files are missing from its bundle") }
    return handler.response(to: request)
  }

  /// `router`, answering `/favicon.ico` with the library's icon first.
  static func addingFavicon(to router: @escaping HTTPServer.Router) -> HTTPServer.Router {
    { request in response(to: request, paths: ["/favicon.ico"]) ?? router(request) }
  }
}
