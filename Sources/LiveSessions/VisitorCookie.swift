import Foundation
import HTTPServerCore
import NavigationCore
import PublishSubscribe

/// Who a visitor is across reloads: an id in an HttpOnly, SameSite=Lax cookie, given with the
/// first page and kept for a year, which names the visitor's values in a `VisitorStore`
/// (``VisitorStorage`` for the app). A page without the cookie, or with one that is not an
/// id the server could have made, gets a new id.
///
/// ```swift
/// let id = VisitorCookie.visitor(of: request) ?? VisitorCookie.newID()
/// ```
enum VisitorCookie {
  static let name = "navdom-visitor"

  /// The cookie's header value for `id`.
  static func header(for id: String) -> String {
    "\(name)=\(id); Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax"
  }

  /// The visitor id the request's cookie carries, if it is well formed (32 hex digits).
  static func visitor(of request: HTTPRequest) -> String? {
    guard let id = request.cookie(named: name), id.utf8.count == 32,
      id.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
    else { return nil }
    return id
  }

  /// The app-facing storage of visitor `id`, kept in `store`. A store that fails (a shared
  /// engine out of reach) reads as empty and drops the write: the page goes on working.
  static func storage(for id: String, in store: any VisitorStore) -> VisitorStorage {
    VisitorStorage(
      read: { key in
        guard let bytes = (try? store.get(visitor: id, key: key)) ?? nil else { return nil }
        return String(decoding: bytes, as: UTF8.self)
      },
      write: { key, value in try? store.set(visitor: id, key: key, value: value.map { Array($0.utf8) }) })
  }
}

extension HTTPRequest {
  /// The value of the cookie `name`, if the request carries it.
  func cookie(named name: String) -> String? {
    for header in headers.values(for: "Cookie") {
      for pair in header.split(separator: ";") {
        let trimmed = pair.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix(name + "=") { return String(trimmed.dropFirst(name.count + 1)) }
      }
    }
    return nil
  }
}
