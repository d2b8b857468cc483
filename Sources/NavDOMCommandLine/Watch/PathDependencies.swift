import Foundation
import LiveSessions

/// The packages an app's package depends on by path, directly or through another one (the
/// example depends on navdom at `../..`): `serve --watch` watches their `Package.swift` and
/// `Sources/` too, so a change to the library rebuilds the app. Found with SwiftPM's own
/// `swift package show-dependencies --format json`, whose tree names every package with its
/// `url` and `path`: a path dependency's `url` is its path, a remote one's is its URL (its
/// `path` a checkout under `.build`).
///
/// ```swift
/// let found = PathDependencies.discover(packageRoot: "/home/me/Contacts")
/// // .success(["/home/me/navdom"])
/// ```
enum PathDependencies {
  /// The roots of the path dependencies in `show-dependencies --format json`'s output, sorted,
  /// without `packageRoot` itself; nil when it is not that tree.
  static func roots(inShowDependenciesJSON data: Data, packageRoot: String) -> [String]? {
    guard let tree = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
    var found: Set<String> = []
    var pending = [tree]
    while let package = pending.popLast() {
      if let url = package["url"] as? String, let path = package["path"] as? String, url == path {
        found.insert(URL(fileURLWithPath: path).standardizedFileURL.path)
      }
      pending += package["dependencies"] as? [[String: Any]] ?? []
    }
    found.remove(URL(fileURLWithPath: packageRoot).standardizedFileURL.path)
    return found.sorted()
  }

  /// Runs `swift package show-dependencies --format json` in `packageRoot`: the path
  /// dependencies' roots, or why they are unknown.
  static func discover(packageRoot: String) -> Result<[String], SwiftPackageQuery.Failure> {
    SwiftPackageQuery.run(["show-dependencies", "--format", "json"], in: packageRoot).flatMap { data in
      roots(inShowDependenciesJSON: data, packageRoot: packageRoot).map { .success($0) }
        ?? .failure(SwiftPackageQuery.Failure(reason: "swift package show-dependencies printed no dependency tree"))
    }
  }
}
