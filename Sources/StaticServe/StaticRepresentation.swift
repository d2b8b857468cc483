/// What a file's answer carries, whether the file is on disk (``StaticFileHandler``) or made in
/// memory (``MemoryFile``): its type, its entity tag, revalidation on every use, gzip for
/// clients that accept it (another representation, so another tag, and `Vary` so caches know),
/// and the 304 a matching validator gets.
///
/// ```swift
/// let headers = StaticRepresentation.headers(contentType: "text/css", entityTag: "\"1f-a\"", compressible: true, gzipped: false)
/// ```
enum StaticRepresentation {
  static func headers(contentType: String, entityTag: String, compressible: Bool, gzipped: Bool) -> HTTPHeaders {
    var headers: HTTPHeaders = [
      "Content-Type": contentType, "ETag": entityTag, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff",
    ]
    if compressible { headers["Vary"] = "Accept-Encoding" }
    if gzipped { headers["Content-Encoding"] = "gzip" }
    return headers
  }

  /// 304 Not Modified with `headers`, less the type of a body it does not have.
  static func notModified(_ headers: HTTPHeaders) -> HTTPResponse {
    var headers = headers
    headers.remove(name: "Content-Type")
    return HTTPResponse(status: .notModified, headers: headers)
  }
}
