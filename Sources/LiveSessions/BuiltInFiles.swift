import Foundation
import StaticServe

/// Files the library itself serves to every app, whatever its public folder holds:
/// `/runtime.js`, the browser runtime (one ES module the server bundles from the modules of
/// Resources/runtime/: ``BrowserRuntimeBundle``; docs/RUNTIME.md); `/navdom.css`, the navigation markup's base stylesheet
/// (``LiveApp/navigationStylesheet``); and `/favicon.ico` for an app whose public folder has
/// none (browsers ask for it on every page load, and a 404 is an error in their consoles).
package enum BuiltInFiles {
  /// The library's own resources, served like static files (validators, gzip, HEAD).
  package static let handler: StaticFileHandler? = {
    guard let url = Bundle.module.url(forResource: "navdom", withExtension: "css") else { return nil }
    return try? StaticFileHandler(publicRoot: url.deletingLastPathComponent().path)
  }()

  /// The paths every app gets from the library, before its public folder: the runtime and the
  /// stylesheet.
  package static let paths: Set<String> = ["/runtime.js", LiveApp.navigationStylesheet]

  /// The answer for one of `paths` (by default `/runtime.js` and `/navdom.css`), or `nil`
  /// for any other request.
  package static func response(to request: HTTPRequest, paths: Set<String> = paths) -> HTTPResponse? {
    guard paths.contains(request.path), request.method == .get || request.method == .head else { return nil }
    if request.path == "/runtime.js" {
      switch BrowserRuntimeBundle.served {
      case .success(let bundle): return bundle.response(to: request)
      case .failure(let error): return .error(.internalServerError, detail: "the runtime cannot be bundled: \(error)")
      }
    }
    guard let handler else { return .error(.internalServerError, detail: "the library's files are missing from its bundle") }
    return handler.response(to: request)
  }

  /// Made once: a set literal in the closure was built again for every request.
  private static let faviconPath: Set<String> = ["/favicon.ico"]

  /// `router`, answering `/favicon.ico` with the library's icon first.
  package static func addingFavicon(to router: @escaping HTTPServer.Router) -> HTTPServer.Router {
    { request in response(to: request, paths: faviconPath) ?? router(request) }
  }
}
