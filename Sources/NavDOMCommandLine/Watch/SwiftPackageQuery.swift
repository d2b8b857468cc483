import Foundation
import LiveSessions

/// One `swift package` subcommand that answers in JSON (`show-dependencies --format json`,
/// `describe --type json`), run in a package's folder for `serve --watch`: what it printed, or
/// what it said on failing (a manifest that does not build, no `swift` on the PATH).
///
/// ```swift
/// let description = SwiftPackageQuery.run(["describe", "--type", "json"], in: "/home/me/Contacts")
/// ```
enum SwiftPackageQuery {
  /// Its standard output when it succeeds, else its errors (a second or two: SwiftPM reads the
  /// manifests).
  static func run(_ arguments: [String], in packageRoot: String) -> Result<Data, Failure> {
    let outcome = FolderCommand.run(["/usr/bin/env", "swift", "package"] + arguments, in: packageRoot, errorsApart: true)
    guard outcome.status == 0 else {
      let said = String(decoding: outcome.errors + outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      return .failure(Failure(reason: said.isEmpty ? "swift package \(arguments[0]) failed" : said))
    }
    return .success(outcome.output)
  }

  /// Why the query has no answer.
  struct Failure: Error {
    var reason: String
  }
}
