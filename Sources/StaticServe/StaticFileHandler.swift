import Glibc

/// Answers GET and HEAD with files under a public root, safely: the decoded path never leaves
/// the root (symlinks included), directories serve their `index.html` and are never listed,
/// and `ETag` / `Last-Modified` validators give 304 Not Modified.
///
/// ```swift
/// let files = try StaticFileHandler(publicRoot: "public")
/// let response = files.response(to: HTTPRequest(method: .get, target: "/", headers: ["Host": "localhost"]))
/// response.status // 200, public/index.html
/// ```
public struct StaticFileHandler: Sendable {
  /// The public root as an absolute path with every symlink resolved.
  public let root: String

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
    guard let resolved = resolveInsideRoot(candidate) else { return notFound() }
    var filePath = resolved
    if StaticFileHandler.isDirectory(resolved) {
      guard path.hasTrailingSlash || path.segments.isEmpty else {
        var location = request.path + "/"
        if let query = request.query { location += "?" + query }
        var response = HTTPResponse.error(.movedPermanently)
        response.headers["Location"] = location
        return response
      }
      guard let index = resolveInsideRoot(resolved + "/index.html") else { return notFound() }
      filePath = index
    }
    guard let file = FileBody(path: filePath) else { return notFound() }
    return fileResponse(file, path: filePath, request: request, status: .ok)
  }

  private func fileResponse(_ file: FileBody, path: String, request: HTTPRequest, status: HTTPStatus) -> HTTPResponse {
    let modified = file.modificationTime
    let entityTag = "\"\(String(file.byteCount, radix: 16))-\(String(modified.seconds, radix: 16))-\(String(modified.nanoseconds, radix: 16))\""
    var headers: HTTPHeaders = [
      "Content-Type": MIMEType.forPath(path),
      "ETag": entityTag,
      "Last-Modified": HTTPDate.format(secondsSince1970: modified.seconds),
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    ]
    if status == .ok {
      if let condition = request.headers["If-None-Match"] {
        if StaticFileHandler.entityTag(entityTag, matches: condition) {
          headers.remove(name: "Content-Type")
          return HTTPResponse(status: .notModified, headers: headers)
        }
      } else if let since = request.headers["If-Modified-Since"], let date = HTTPDate.parse(since),
        modified.seconds <= date
      {
        headers.remove(name: "Content-Type")
        return HTTPResponse(status: .notModified, headers: headers)
      }
    } else {
      headers.remove(name: "ETag")
      headers.remove(name: "Last-Modified")
    }
    return HTTPResponse(status: status, headers: headers, body: .file(file))
  }

  private func notFound() -> HTTPResponse {
    if let page = resolveInsideRoot(root + "/404.html"), let file = FileBody(path: page) {
      return fileResponse(file, path: page, request: HTTPRequest(method: .get, target: "/"), status: .notFound)
    }
    return .error(.notFound)
  }

  /// The real path of `path` when it exists and lies inside the root, else `nil`.
  private func resolveInsideRoot(_ path: String) -> String? {
    guard let resolved = StaticFileHandler.realPath(path) else { return nil }
    if resolved == root { return resolved }
    let prefix = root == "/" ? "/" : root + "/"
    return resolved.hasPrefix(prefix) ? resolved : nil
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
