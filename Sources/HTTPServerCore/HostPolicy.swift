/// Which `Host` names a server answers: a guard against DNS rebinding, where a web page on a
/// name its owner points at 127.0.0.1 reads a local server's pages as its own.
///
/// By default only IP addresses (`127.0.0.1`, `[::1]`, the bound address, any literal address),
/// `localhost` and names under `.localhost` are served, as Vite's dev server does; other names
/// must be added (a proxy's or a LAN name). An entry starting with a dot (`.example.test`)
/// admits that name and every name under it. Requests without a `Host` (HTTP/1.0 tools) pass.
///
/// ```swift
/// let policy = HostPolicy(allowed: ["navdom.internal"])
/// policy.allows("localhost:8080")      // true
/// policy.allows("navdom.internal")     // true
/// policy.allows("evil.example")        // false
/// ```
public struct HostPolicy: Sendable, Equatable {
  /// The names admitted besides the addresses and `localhost`, lowercased.
  public var allowed: [String]

  /// A policy admitting `allowed` besides the defaults.
  ///
  /// ```swift
  /// HostPolicy(allowed: [".lan"])   // every name under .lan
  /// ```
  public init(allowed: [String] = []) {
    self.allowed = allowed.map { Self.normalized($0) }
  }

  /// Whether a request with this `Host` header value is served.
  ///
  /// ```swift
  /// HostPolicy().allows("[::1]:8080")   // true
  /// ```
  public func allows(_ hostHeader: String) -> Bool {
    let name = Self.name(of: hostHeader)
    if name.isEmpty { return false }
    if name.hasPrefix("[") || Self.isIPv4(name) { return true }
    if name == "localhost" || name.hasSuffix(".localhost") { return true }
    for entry in allowed {
      if entry == name { return true }
      if entry.hasPrefix("."), name == entry.dropFirst() || name.hasSuffix(entry) { return true }
    }
    return false
  }

  /// Why a request is refused, or `nil` when it is served (no `Host`, or an allowed one).
  func refusal(for request: HTTPRequest) -> HTTPResponse? {
    guard let host = request.headers["Host"], !allows(host) else { return nil }
    let name = Self.name(of: host)
    return .error(
      .forbidden,
      detail: "the host name \"\(name)\" is not allowed: this server answers IP addresses, localhost "
        + "and names under .localhost; start it with --allowed-host \(name) to serve that name")
  }

  /// The host part of a `Host` value, lowercased, without port or trailing dot: `[::1]` keeps
  /// its brackets.
  static func name(of hostHeader: String) -> String {
    var text = hostHeader.lowercased()
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]") else { return "" }
      return String(text[...close])
    }
    // Bytes, not Characters: this runs for every request (an ASCII digit is one byte).
    let utf8 = text.utf8
    if let colon = utf8.lastIndex(of: 0x3A) {
      guard utf8[utf8.index(after: colon)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return "" }
      text = String(text[..<colon])
    }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  static func normalized(_ name: String) -> String {
    var text = name.lowercased()
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// Four decimal numbers 0–255 separated by dots (each of one to three ASCII digits).
  static func isIPv4(_ text: String) -> Bool {
    var parts = 1
    var digits = 0
    var value = 0
    for byte in text.utf8 {
      if byte == 0x2E {
        guard digits > 0 else { return false }
        parts += 1
        digits = 0
        value = 0
      } else if byte >= 0x30 && byte <= 0x39 {
        digits += 1
        value = value * 10 + Int(byte - 0x30)
        guard digits <= 3, value <= 255 else { return false }
      } else {
        return false
      }
    }
    return parts == 4 && digits > 0
  }
}
