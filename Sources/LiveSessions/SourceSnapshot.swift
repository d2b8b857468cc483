import Foundation

/// The modification times of a package's sources (`Package.swift` and the files under
/// `Sources/`), which `serve --watch` polls: two snapshots that differ mean a rebuild. Polling
/// needs no file-watching API and sees every editor's way of saving (in place, or by rename).
///
/// ```swift
/// let before = SourceSnapshot(packageRoot: "/home/me/Contacts")
/// // … a file is saved …
/// if SourceSnapshot(packageRoot: "/home/me/Contacts") != before { rebuild() }
/// ```
struct SourceSnapshot: Equatable {
  /// Each watched file's path, relative to the package root, and its modification time and size.
  private(set) var files: [String: Stamp] = [:]

  struct Stamp: Equatable {
    var modified: Date
    var size: Int
  }

  init(packageRoot: String) {
    let manager = FileManager.default
    let root = URL(fileURLWithPath: packageRoot)
    stamp("Package.swift", in: root, manager)
    guard let walker = manager.enumerator(atPath: root.appendingPathComponent("Sources").path) else { return }
    while let path = walker.nextObject() as? String {
      let name = (path as NSString).lastPathComponent
      // Editors' swap and backup files (.View.swift.swp, View.swift~) are not sources.
      if name.hasPrefix(".") || name.hasSuffix("~") { continue }
      stamp("Sources/" + path, in: root, manager)
    }
  }

  private mutating func stamp(_ path: String, in root: URL, _ manager: FileManager) {
    guard let attributes = try? manager.attributesOfItem(atPath: root.appendingPathComponent(path).path),
      attributes[.type] as? FileAttributeType == .typeRegular,
      let modified = attributes[.modificationDate] as? Date
    else { return }
    files[path] = Stamp(modified: modified, size: (attributes[.size] as? NSNumber)?.intValue ?? 0)
  }

  /// The files added, removed or changed between `self` and `later`, sorted (for the log line).
  func changes(to later: SourceSnapshot) -> [String] {
    let paths = Set(files.keys).union(later.files.keys)
    return paths.filter { files[$0] != later.files[$0] }.sorted()
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
