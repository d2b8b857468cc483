import Glibc
import Synchronization
import NavDOMSupport

/// gzip copies of static text files, made once and kept while the file is unchanged (same
/// size and modification time): a public/runtime.js written by `navdom runtime` goes out as
/// about 17 KB instead of 65 KB.
///
/// Only text types are compressed (html, css, js, mjs, json, svg, txt, map, xml, md), and only
/// files between 256 bytes and 8 MiB; the copies kept are bounded (32 MiB in all, oldest out).
final class CompressedFiles: Sendable {
  private struct Entry {
    var version: String
    var bytes: [UInt8]
  }

  private struct State {
    var entries: [String: Entry] = [:]
    var order: [String] = []
    var totalBytes = 0
  }

  private let state = Locked(State())
  static let smallest = 256
  static let largest = 8 * 1024 * 1024
  static let keptBytes = 32 * 1024 * 1024

  /// Whether files of this content type are worth compressing.
  static func isCompressible(contentType: String) -> Bool {
    contentType.hasPrefix("text/") || contentType.hasPrefix("application/json")
      || contentType.hasPrefix("image/svg+xml") || contentType.hasPrefix("application/xml")
  }

  /// The gzip copy of `file` at `path` whose validator is `version`, made now if it is not
  /// kept yet; `nil` when compression would not help or the file cannot be read.
  func gzip(of file: FileBody, path: String, version: String) -> [UInt8]? {
    guard file.byteCount >= Self.smallest, file.byteCount <= Self.largest else { return nil }
    if let kept = state.withLock({ $0.entries[path] }), kept.version == version { return kept.bytes }
    guard let contents = Self.read(file), let compressed = Gzip.compress(contents, level: 9),
      compressed.count < contents.count
    else { return nil }
    state.withLock { state in
      if let old = state.entries[path] {
        state.totalBytes -= old.bytes.count
        state.order.removeAll { $0 == path }
      }
      state.entries[path] = Entry(version: version, bytes: compressed)
      state.order.append(path)
      state.totalBytes += compressed.count
      while state.totalBytes > Self.keptBytes, let oldest = state.order.first {
        state.order.removeFirst()
        state.totalBytes -= state.entries.removeValue(forKey: oldest)?.bytes.count ?? 0
      }
    }
    return compressed
  }

  /// The whole file, read with `pread` (its descriptor's offset stays where it is).
  static func read(_ file: FileBody) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: file.byteCount)
    var filled = 0
    let complete = bytes.withUnsafeMutableBytes { raw -> Bool in
      while filled < file.byteCount {
        let count = pread(file.descriptor, raw.baseAddress! + filled, file.byteCount - filled, off_t(filled))
        if count > 0 {
          filled += count
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          return false
        }
      }
      return true
    }
    return complete ? bytes : nil
  }
}
