import Foundation

/// Where the root navdom package is, for the benchmarks that run its `navdom` command.
///
/// ```swift
/// let server = RootPackage.navdom  // NAVDOM_BIN, or ../.build/release/navdom from a release build
/// ```
enum RootPackage {
  /// The repository root: this file is Benchmarks/Sources/navdom-bench/RootPackage.swift.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `navdom` to run: `NAVDOM_BIN` when set, else the root package's build in this
  /// executable's configuration (release for a release build, debug otherwise).
  static var navdom: String {
    if let path = ProcessInfo.processInfo.environment["NAVDOM_BIN"], !path.isEmpty { return path }
    #if DEBUG
      let configuration = "debug"
    #else
      let configuration = "release"
    #endif
    return directory.appendingPathComponent(".build/\(configuration)/navdom").path
  }
}
