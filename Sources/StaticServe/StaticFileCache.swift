import Glibc
import NavDOMSupport

/// Small files' answers kept in memory, so a request for one costs a `stat` and a copy instead
/// of open, fstat, a /proc readlink (the inside-the-root check), pread and close, and no
/// path decoding, MIME lookup or validator formatting.
///
/// An entry is the answer for one request path (as sent: mapping it to a file is a function of
/// the path and the root), made on the normal path after every check passed, with the identity
/// of the file that was checked: device, inode, size, modification and change times. A hit
/// `stat`s the file's path again and is used only when all of them are unchanged; anything
/// else (the file edited, replaced, renamed, linked, its mode changed, a folder on its path
/// swapped for a symlink that leads elsewhere, gone) changes one of them, and the request
/// takes the normal path, which checks afresh and replaces the entry. (A change that keeps
/// the size within the filesystem's timestamp granularity is missed, as it is by the entity
/// tag, which is made of the same size and time.)
///
/// Only identity-encoded answers are kept: a client that accepts gzip for a compressible file
/// takes the normal path (and ``CompressedFiles``). Bounded: files up to 64 KiB, 16 MiB and
/// 4,096 entries in all; when full it starts again empty.
///
/// ```swift
/// let cache = StaticFileCache()
/// cache.response(to: request)   // nil until the handler has answered that path once
/// ```
final class StaticFileCache: Sendable {
  struct Identity: Equatable, Sendable {
    var device: UInt
    var inode: UInt
    var size: Int
    var modified: (Int, Int)
    var changed: (Int, Int)

    init(_ status: stat) {
      device = UInt(status.st_dev)
      inode = UInt(status.st_ino)
      size = Int(status.st_size)
      modified = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
      changed = (Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec))
    }

    static func == (left: Identity, right: Identity) -> Bool {
      left.device == right.device && left.inode == right.inode && left.size == right.size
        && left.modified == right.modified && left.changed == right.changed
    }
  }

  /// One path's answer: the file it is, its headers (with validators) and its bytes.
  struct Entry: Sendable {
    var file: String
    var identity: Identity
    var headers: HTTPHeaders
    var entityTag: String
    var modifiedSeconds: Int
    var compressible: Bool
    var body: [UInt8]
  }

  private struct State {
    var entries: [String: Entry] = [:]
    var totalBytes = 0
  }

  static let largestFile = 64 * 1024
  static let keptBytes = 16 * 1024 * 1024
  static let keptEntries = 4096

  private let state = Locked(State())

  init() {}

  /// The kept answer for `request` (GET or HEAD), when its file is unchanged; nil otherwise.
  func response(to request: HTTPRequest) -> HTTPResponse? {
    guard let entry = state.withLock({ $0.entries[request.path] }) else { return nil }
    // The client would get gzip from the normal path.
    if entry.compressible && entry.body.count >= CompressedFiles.smallest && request.headers.hasToken("gzip", in: "Accept-Encoding") {
      return nil
    }
    var status = stat()
    guard stat(entry.file, &status) == 0, Identity(status) == entry.identity else { return nil }
    if let condition = request.headers["If-None-Match"] {
      if StaticFileHandler.entityTag(entry.entityTag, matches: condition) { return StaticRepresentation.notModified(entry.headers) }
    } else if let since = request.headers["If-Modified-Since"], let date = HTTPDate.parse(since), entry.modifiedSeconds <= date {
      return StaticRepresentation.notModified(entry.headers)
    }
    return HTTPResponse(status: .ok, headers: entry.headers, body: .bytes(entry.body))
  }

  /// Keeps `entry` as the answer for `path` (when small enough).
  func keep(_ entry: Entry, for path: String) {
    guard entry.body.count <= Self.largestFile else { return }
    state.withLock { state in
      if let old = state.entries[path] { state.totalBytes -= old.body.count }
      if state.entries.count >= Self.keptEntries || state.totalBytes + entry.body.count > Self.keptBytes {
        state.entries.removeAll(keepingCapacity: true)
        state.totalBytes = 0
      }
      state.entries[path] = entry
      state.totalBytes += entry.body.count
    }
  }
}
