import Glibc

/// Answers GET and HEAD with files under a public root, safely: the decoded path never leaves
/// the root (symlinks included), directories serve their `index.html` and are never listed,
/// and `ETag` / `Last-Modified` validators give 304 Not Modified. A small file's answer is kept
/// in memory and used again while a `stat` finds the same file unchanged (no open and no
/// checks on the next request for it; an edited, replaced or moved file is seen at once).
///
/// ```swift
/// let files = try StaticFileHandler(publicRoot: "public")
/// let response = files.response(to: HTTPRequest(method: .get, target: "/", headers: ["Host": "localhost"]))
/// response.status // 200, public/index.html
/// ```
public struct StaticFileHandler: Sendable {
  /// The public root as an absolute path with every symlink resolved.
  public let root: String
  private let compressed = CompressedFiles()
  private let cache = StaticFileCache()

  /// Creates a handler for a directory.
  ///
  /// ```swift
  /// let files = try StaticFileHandler(publicRoot: "/srv/site")
  /// ```
  ///
  /// - Throws: `ServerError.publicRootUnavailable` when the directory does not exist.
  public init(publicRoot: String) throws(ServerError) {
    guard let resolved = StaticFileHandler.realPath(publicRoot), StaticFileHandler.isDirectory(resolved) else {
      throw ServerError.publicRootUnavailable(publicRoot)
    }
    root = resolved
  }

  /// The response for a request: a file, a 304, a redirect to add a trailing `/`, a 404 (using
  /// `404.html` from the root when present), 400 for unsafe paths, 405 for other standard
  /// methods and 501 for unknown ones.
  ///
  /// ```swift
  /// let response = files.response(to: request)
  /// ```
  public func response(to request: HTTPRequest) -> HTTPResponse {
    guard request.method == .get || request.method == .head else {
      if request.method.isStandard {
        var response = HTTPResponse.error(.methodNotAllowed)
        response.headers["Allow"] = "GET, HEAD"
        return response
      }
      return .error(.notImplemented)
    }
    if let kept = cache.response(to: request) { return kept }
    let path: RequestPath
    do {
      path = try RequestPath(decoding: request.path)
    } catch {
      return .error(error.status, detail: error.reason)
    }
    // Hidden files and folders (.git, .env) are never served.
    if path.segments.contains(where: { $0.hasPrefix(".") }) { return notFound() }

    var candidate = root
    for segment in path.segments { candidate += "/" + segment }
    guard var opened = openInsideRoot(candidate) else { return notFound() }
    if (opened.status.st_mode & S_IFMT) == S_IFDIR {
      close(opened.descriptor)
      guard path.hasTrailingSlash || path.segments.isEmpty else {
        var location = request.path + "/"
        if let query = request.query { location += "?" + query }
        var response = HTTPResponse.error(.movedPermanently)
        response.headers["Location"] = location
        return response
      }
      guard let index = openInsideRoot(candidate + "/index.html") else { return notFound() }
      opened = index
      candidate += "/index.html"
    }
    guard (opened.status.st_mode & S_IFMT) == S_IFREG else {
      close(opened.descriptor)
      return notFound()
    }
    let file = FileBody(adopting: opened.descriptor, status: opened.status)
    return fileResponse(file, path: candidate, request: request, status: .ok, identity: StaticFileCache.Identity(opened.status))
  }

  private func fileResponse(
    _ file: FileBody, path: String, request: HTTPRequest, status: HTTPStatus, identity: StaticFileCache.Identity? = nil
  ) -> HTTPResponse {
    let modified = file.modificationTime
    let version = "\(String(file.byteCount, radix: 16))-\(String(modified.seconds, radix: 16))-\(String(modified.nanoseconds, radix: 16))"
    let contentType = MIMEType.forPath(path)
    // Text files go out gzip-compressed to clients that accept it: another representation,
    // so another entity tag, and `Vary` tells caches the choice depends on Accept-Encoding.
    let compressible = status == .ok && CompressedFiles.isCompressible(contentType: contentType)
    let gzipped = compressible && request.headers.hasToken("gzip", in: "Accept-Encoding")
      ? compressed.gzip(of: file, path: path, version: version) : nil
    let entityTag = gzipped == nil ? "\"\(version)\"" : "\"\(version)-gzip\""
    var headers = StaticRepresentation.headers(
      contentType: contentType, entityTag: entityTag, compressible: compressible, gzipped: gzipped != nil)
    headers["Last-Modified"] = HTTPDate.format(secondsSince1970: modified.seconds)
    if status == .ok {
      if let condition = request.headers["If-None-Match"] {
        if StaticFileHandler.entityTag(entityTag, matches: condition) { return StaticRepresentation.notModified(headers) }
      } else if let since = request.headers["If-Modified-Since"], let date = HTTPDate.parse(since),
        modified.seconds <= date
      {
        return StaticRepresentation.notModified(headers)
      }
    } else {
      headers.remove(name: "ETag")
      headers.remove(name: "Last-Modified")
    }
    if let gzipped { return HTTPResponse(status: status, headers: headers, body: .bytes(gzipped)) }
    // A small file's answer is kept for the next request for the same path (StaticFileCache).
    if let identity, file.byteCount <= StaticFileCache.largestFile, let bytes = CompressedFiles.read(file) {
      let entry = StaticFileCache.Entry(
        file: path, identity: identity, headers: headers, entityTag: entityTag, modifiedSeconds: modified.seconds,
        compressible: compressible, body: bytes)
      cache.keep(entry, for: request.path)
      return HTTPResponse(status: status, headers: headers, body: .bytes(bytes))
    }
    return HTTPResponse(status: status, headers: headers, body: .file(file))
  }

  private func notFound() -> HTTPResponse {
    if let page = openInsideRoot(root + "/404.html") {
      guard (page.status.st_mode & S_IFMT) == S_IFREG else {
        close(page.descriptor)
        return .error(.notFound)
      }
      let file = FileBody(adopting: page.descriptor, status: page.status)
      return fileResponse(file, path: "404.html", request: HTTPRequest(method: .get, target: "/"), status: .notFound)
    }
    return .error(.notFound)
  }

  /// Opens `path` (never blocking, even on a FIFO) and returns it only when the file actually
  /// opened lies inside the root. The check reads the opened descriptor's own path from
  /// `/proc/self/fd`, so symlinks anywhere in the path are resolved by the kernel and there is
  /// no window between checking and opening; without /proc it falls back to `realpath`.
  private func openInsideRoot(_ path: String) -> (descriptor: Int32, status: stat)? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0,
      let opened = StaticFileHandler.descriptorPath(descriptor) ?? StaticFileHandler.realPath(path),
      isInsideRoot(opened)
    else {
      close(descriptor)
      return nil
    }
    return (descriptor, status)
  }

  private func isInsideRoot(_ resolved: String) -> Bool {
    if resolved == root { return true }
    let prefix = root == "/" ? "/" : root + "/"
    return resolved.hasPrefix(prefix)
  }

  static func descriptorPath(_ descriptor: Int32) -> String? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
      let count = readlink("/proc/self/fd/\(descriptor)", buffer.baseAddress!, Int(PATH_MAX))
      guard count > 0, count < Int(PATH_MAX) else { return nil }
      buffer[count] = 0
      let path = String(cString: buffer.baseAddress!)
      // A deleted file reads as "/path (deleted)"; refuse rather than guess.
      return path.hasPrefix("/") && !path.hasSuffix(" (deleted)") ? path : nil
    }
  }

  /// Weak comparison of an entity tag against an `If-None-Match` list (RFC 9110 section 13.1.2).
  static func entityTag(_ tag: String, matches condition: String) -> Bool {
    let trimmedCondition = condition.filter { $0 != " " && $0 != "\t" }
    if trimmedCondition == "*" { return true }
    let opaque = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
    for candidate in trimmedCondition.split(separator: ",") {
      let candidateOpaque = candidate.hasPrefix("W/") ? candidate.dropFirst(2) : candidate
      if candidateOpaque == opaque { return true }
    }
    return false
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  static func isDirectory(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }
}
