import Foundation
import Glibc

/// One TCP connection to a Redis server, logged in: commands go out and replies come back in
/// order.
///
/// `@unchecked Sendable`, internal only: the engine hands a connection between threads inside
/// a `Locked`; its mutable parts, the reply parser and the read buffer, are used only by
/// ``read()``, which one thread calls (the subscriber's, the publisher's, or the command lock's
/// holder); ``send(_:)`` and ``shutDown()`` touch only the socket, which the kernel lets two
/// threads use at once.
///
/// ```swift
/// let connection = try RedisConnection(to: RedisAddress(host: "127.0.0.1"), timeout: 2)
/// try connection.call(["PING"])   // .simple("PONG")
/// ```
final class RedisConnection: @unchecked Sendable {
  let address: RedisAddress
  private let descriptor: Int32
  private var parser = RESPParser()
  /// Where `read()` receives bytes: one buffer for the connection's life, made on the first
  /// read that needs it. (A buffer made per call cost 64 KB of allocation and zeroing per
  /// reply: a batch of 1,000 PUBLISH replies took tens of seconds on a loaded machine under
  /// ThreadSanitizer, whose allocator maps each such block.)
  private var chunk: [UInt8] = []
  /// The protocol the server agreed to: 3 after HELLO 3, else 2.
  private(set) var protocolVersion = 2

  /// Connects (within `timeout` seconds), logs in and selects the database. Throws
  /// ``PubSubEngineError`` saying which: the address does not answer, the server refused the
  /// credentials, or it is not a Redis server.
  init(to address: RedisAddress, timeout: Double) throws {
    self.address = address
    descriptor = try RedisSocket.connect(host: address.host, port: address.port, timeout: timeout)
    RedisSocket.setReceiveTimeout(descriptor, seconds: timeout)
    // Not closed here when the login fails: every stored property is set by then, so the
    // failed initializer releases the object and `deinit` closes the socket. A close here too
    // closed its number twice, and the second could close another thread's socket that had
    // just been given the number (a Unix-socket pub/sub engine's, seen under ThreadSanitizer).
    try logIn()
  }

  deinit { Glibc.close(descriptor) }

  /// Wakes a thread blocked reading, and makes every later read and write fail.
  func shutDown() { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }

  /// Whether the connection still looks usable while idle: a server that went away has left it
  /// readable (its end of file) with no reply owed.
  var isOpenWhileIdle: Bool {
    guard parser.pendingCount == 0 else { return false }
    var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&waiting, 1, 0) == 0
  }

  /// How long a read may wait; 0 waits for ever (the subscriber's connection).
  func setReceiveTimeout(_ seconds: Double) { RedisSocket.setReceiveTimeout(descriptor, seconds: seconds) }

  /// Sends one command and reads its reply (an `.error` reply is returned, not thrown).
  @discardableResult
  func call(_ words: [String]) throws -> RESPValue {
    try call(words.map { Array($0.utf8) })
  }

  @discardableResult
  func call(_ words: [[UInt8]]) throws -> RESPValue {
    try send(RESPValue.command(words))
    return try read()
  }

  func send(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw PubSubEngineError("writing to Redis at \(address) failed: \(RedisSocket.lastError())") }
      sent += count
    }
  }

  /// The next reply (or, on a subscriber connection, the next message).
  func read() throws -> RESPValue {
    while true {
      do {
        if let value = try parser.next() { return value }
      } catch {
        throw PubSubEngineError("the server at \(address) is not a Redis server: \(error.description)")
      }
      if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 64 * 1024) }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        throw PubSubEngineError("Redis at \(address) did not answer in time (is it a Redis server?)")
      }
      guard count > 0 else {
        let cut = parser.pendingCount > 0 ? " in the middle of a reply" : ""
        throw PubSubEngineError("Redis at \(address) closed the connection\(cut)" + (count < 0 ? ": \(RedisSocket.lastError())" : ""))
      }
      parser.append(chunk[0..<count])
    }
  }

  /// HELLO 3 (with AUTH when there are credentials); a server too old for HELLO gets AUTH and
  /// RESP2. Then SELECT when the address names a database.
  private func logIn() throws {
    var hello = ["HELLO", "3"]
    if let password = address.password { hello += ["AUTH", address.user ?? "default", password] }
    let reply = try call(hello)
    if case .error(let message) = reply {
      if Self.isRefusedLogIn(message) { throw refused(message) }
      guard message.contains("unknown command") || message.hasPrefix("NOPROTO") else {
        throw PubSubEngineError("the server at \(address) answered HELLO with \"\(message)\": is it Redis 6 or later?")
      }
      if let password = address.password {
        let auth = try call(["AUTH"] + (address.user.map { [$0] } ?? []) + [password])
        if case .error(let message) = auth { throw refused(message) }
      }
    } else {
      guard let fields = reply.elements, fields.contains(where: { $0.text == "server" }) || fields.contains(where: { $0.text == "proto" }) else {
        throw PubSubEngineError("the server at \(address) is not a Redis server: HELLO answered \(reply)")
      }
      protocolVersion = 3
    }
    if address.database != 0, case .error(let message) = try call(["SELECT", String(address.database)]) {
      throw PubSubEngineError("Redis at \(address) refused database \(address.database): \(message)")
    }
  }

  private static func isRefusedLogIn(_ message: String) -> Bool {
    ["WRONGPASS", "NOAUTH", "NOPERM", "ERR AUTH", "ERR invalid password", "ERR Client sent AUTH"].contains { message.hasPrefix($0) }
  }

  private func refused(_ message: String) -> PubSubEngineError {
    PubSubEngineError("Redis at \(address) refused to log in\(address.user.map { " as \($0)" } ?? ""): \(message)")
  }
}
