import Foundation

/// Where a Redis server listens and how to log in, read from a URL:
/// `redis://[[user]:password@]host[:port][/database]`. A password alone logs in as Redis's
/// `default` user (`requirepass`); a user and password log in as that ACL user.
///
/// ```swift
/// let address = try RedisAddress("redis://app:secret@10.0.0.5:6379")
/// address.user   // "app"
/// ```
public struct RedisAddress: Sendable, Equatable, CustomStringConvertible {
  public var host: String
  public var port: Int
  public var user: String?
  public var password: String?
  /// The database `SELECT`ed after logging in (0 unless the URL's path names another).
  public var database: Int

  public init(host: String, port: Int = 6379, user: String? = nil, password: String? = nil, database: Int = 0) {
    self.host = host
    self.port = port
    self.user = user
    self.password = password
    self.database = database
  }

  /// Reads a `redis://` URL; throws ``PubSubEngineError`` saying what is wrong with it.
  public init(_ url: String) throws {
    guard url.hasPrefix("redis://") else {
      let reason = url.hasPrefix("rediss://") ? "TLS (rediss://) is not supported; put a TLS proxy such as stunnel in front" : "it must start with redis://"
      throw PubSubEngineError("\"\(url)\" is not a Redis URL: \(reason)")
    }
    guard let parts = URLComponents(string: url), let host = parts.host, !host.isEmpty else {
      throw PubSubEngineError("\"\(url)\" is not a Redis URL: it names no host (redis://host:6379)")
    }
    let path = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
    guard path.isEmpty || Int(path).map({ $0 >= 0 }) == true else {
      throw PubSubEngineError("\"\(url)\" is not a Redis URL: its path must be a database number, not \"\(path)\"")
    }
    let port = parts.port ?? 6379
    guard (1...65_535).contains(port) else { throw PubSubEngineError("\"\(url)\" has port \(port), not 1 to 65535") }
    let user = parts.user?.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 }
    self.init(
      host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, port: port, user: user,
      password: parts.password?.removingPercentEncoding, database: Int(path) ?? 0)
  }

  /// The address without its password, for messages.
  public var description: String { "redis://" + (user.map { $0 + "@" } ?? "") + host + ":" + String(port) }
}
