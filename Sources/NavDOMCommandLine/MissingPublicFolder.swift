import Foundation
import Synchronization
import StaticServe
import LiveSessions

/// The default public folder (`./public`, relative to where the app was started) is optional,
/// so a server started from another folder runs without it. Its files are then reported
/// missing when asked for, with the reason, instead of a bare 404: on the page (404 with a
/// detail line) and once on standard error.
///
/// ```swift
/// let router = MissingPublicFolder(folder: "public").reporting(in: live.router)
/// ```
final class MissingPublicFolder: Sendable {
  let folder: String
  private let reported = Mutex(false)

  init(folder: String) { self.folder = folder }

  /// Why the file is missing, naming the folder looked for and what to do.
  var reason: String {
    let directory = FileManager.default.currentDirectoryPath
    return "no public folder at \(directory)/\(folder) (start the app from the folder that holds \(folder)/, "
      + "or pass --public DIR), so there is no file to serve here"
  }

  /// `router`, with requests for files it does not answer (`/app.css`) refused with `reason`.
  func reporting(in router: @escaping HTTPServer.Router) -> HTTPServer.Router {
    { [self] request in
      if let response = router(request) { return response }
      guard request.method == .get || request.method == .head, request.namesAFile else { return nil }
      if reported.withLock({ let first = !$0; $0 = true; return first }) {
        CommandLineOptions.complain("warning: \(request.path) was asked for, but \(reason)")
      }
      return .error(.notFound, detail: "\(request.path): \(reason)")
    }
  }
}
