import Foundation
import LiveSessions

/// The modification times of a package's sources (`Package.swift` and the files under
/// `Sources/`, its own and its path dependencies'), which `serve --watch` polls: two snapshots
/// that differ mean a rebuild. Polling needs no file-watching API and sees every editor's way of
/// saving (in place, or by rename).
///
/// ```swift
/// let before = SourceSnapshot(packageRoot: "/home/me/Contacts")
/// // … a file is saved …
/// if SourceSnapshot(packageRoot: "/home/me/Contacts") != before { rebuild() }
/// ```
struct SourceSnapshot: Equatable {
  /// Each watched file's path (relative to the package root; a path dependency's in full) and
  /// its modification time and size.
  private(set) var files: [String: Stamp] = [:]

  struct Stamp: Equatable {
    var modified: Date
    var size: Int
  }

  /// The sources of the package at `packageRoot` (named relative to it) and of the packages
  /// it depends on by path (``PathDependencies``, named by their full path).
  init(packageRoot: String, dependencies: [String] = []) {
    add(root: packageRoot, naming: "")
    for dependency in dependencies { add(root: dependency, naming: dependency + "/") }
  }

  private mutating func add(root packageRoot: String, naming prefix: String) {
    let manager = FileManager.default
    let root = URL(fileURLWithPath: packageRoot)
    stamp("Package.swift", in: root, prefix, manager)
    guard let walker = manager.enumerator(atPath: root.appendingPathComponent("Sources").path) else { return }
    while let path = walker.nextObject() as? String {
      let name = (path as NSString).lastPathComponent
      // Editors' swap and backup files (.View.swift.swp, View.swift~) are not sources.
      if name.hasPrefix(".") || name.hasSuffix("~") { continue }
      stamp("Sources/" + path, in: root, prefix, manager)
    }
  }

  private mutating func stamp(_ path: String, in root: URL, _ prefix: String, _ manager: FileManager) {
    guard let attributes = try? manager.attributesOfItem(atPath: root.appendingPathComponent(path).path),
      attributes[.type] as? FileAttributeType == .typeRegular,
      let modified = attributes[.modificationDate] as? Date
    else { return }
    files[prefix + path] = Stamp(modified: modified, size: (attributes[.size] as? NSNumber)?.intValue ?? 0)
  }

  /// The files added, removed or changed between `self` and `later`, sorted (for the log line).
  func changes(to later: SourceSnapshot) -> [String] {
    let paths = Set(files.keys).union(later.files.keys)
    return paths.filter { files[$0] != later.files[$0] }.sorted()
  }

  /// Whether one of `changes` is a manifest: the path dependencies may have changed.
  static func includesManifest(_ changes: [String]) -> Bool {
    changes.contains { $0 == "Package.swift" || $0.hasSuffix("/Package.swift") }
  }

  /// The nearest folder at or above `folder` with a `Package.swift`, or nil.
  ///
  /// ```swift
  /// SourceSnapshot.packageRoot(from: FileManager.default.currentDirectoryPath)
  /// ```
  static func packageRoot(from folder: String) -> String? {
    var url = URL(fileURLWithPath: folder).standardizedFileURL
    while true {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
      let parent = url.deletingLastPathComponent()
      if parent.path == url.path { return nil }
      url = parent
    }
  }
}
