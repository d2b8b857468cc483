import Foundation
import StaticServe

/// Files the library itself serves to every app, whatever its public folder holds:
/// `/runtime.js`, the browser runtime that hydrates pages and talks to the server; and
/// `/favicon.ico` for an app whose public folder has none (browsers ask for it on every page
/// load, and a 404 is an error in their consoles).
enum LibraryFiles {
  /// The library's own resources, served like static files (validators, gzip, HEAD).
  static let handler: StaticFileHandler? = {
    guard let url = Bundle.module.url(forResource: "runtime", withExtension: "js") else { return nil }
    return try? StaticFileHandler(publicRoot: url.deletingLastPathComponent().path)
  }()

  /// The answer for `/runtime.js`, or `nil` for any other request.
  static func response(to request: HTTPRequest) -> HTTPResponse? {
    guard request.path == "/runtime.js", request.method == .get || request.method == .head else { return nil }
    guard let handler else { return .error(.internalServerError, detail: "the library's runtime.js is missing from its bundle") }
    return handler.response(to: request)
  }

  /// `router`, answering `/favicon.ico` with the library's icon first.
  static func addingFavicon(to router: @escaping HTTPServer.Router) -> HTTPServer.Router {
    { request in
      guard request.path == "/favicon.ico", request.method == .get || request.method == .head, let handler else {
        return router(request)
      }
      return handler.response(to: request)
    }
  }
}
