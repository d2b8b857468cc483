/// A file made in memory (the browser runtime's bundle) and served as a static file is: an
/// entity tag from its bytes, a 304 for a matching `If-None-Match`, gzip for clients that
/// accept it (compressed once, at level 9), and no body for HEAD (the server leaves it out).
///
/// ```swift
/// let file = MemoryFile(bytes: Array("export {};\n".utf8), contentType: "text/javascript; charset=utf-8")
/// let response = file.response(to: HTTPRequest(method: .get, target: "/x.js", headers: ["Host": "localhost"]))
/// response.status // 200, with an ETag
/// ```
package struct MemoryFile: Sendable {
  package let bytes: [UInt8]
  package let contentType: String
  private let gzipped: [UInt8]?
  /// The entity tag's opaque part: the FNV-1a hash of the bytes and their count.
  private let version: String

  package init(bytes: [UInt8], contentType: String) {
    self.bytes = bytes
    self.contentType = contentType
    let compressible = CompressedFiles.isCompressible(contentType: contentType) && bytes.count >= CompressedFiles.smallest
    gzipped = compressible ? Gzip.compress(bytes, level: 9) : nil
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    version = String(hash, radix: 16) + "-" + String(bytes.count, radix: 16)
  }

  package func response(to request: HTTPRequest) -> HTTPResponse {
    guard request.method == .get || request.method == .head else {
      var response = HTTPResponse.error(.methodNotAllowed)
      response.headers["Allow"] = "GET, HEAD"
      return response
    }
    let sendsGzip = gzipped != nil && request.headers.hasToken("gzip", in: "Accept-Encoding")
    let entityTag = sendsGzip ? "\"\(version)-gzip\"" : "\"\(version)\""
    let headers = StaticRepresentation.headers(
      contentType: contentType, entityTag: entityTag, compressible: gzipped != nil, gzipped: sendsGzip)
    if let condition = request.headers["If-None-Match"], StaticFileHandler.entityTag(entityTag, matches: condition) {
      return StaticRepresentation.notModified(headers)
    }
    return HTTPResponse(status: .ok, headers: headers, body: .bytes(sendsGzip ? gzipped ?? bytes : bytes))
  }
}
