import Foundation
import Glibc

/// A `redis-server` of the test's own on a free loopback port, with no file of its own
/// (Scripts/test.sh installs Debian's redis-server). Missing, it fails the test: it is never
/// skipped.
final class RedisTestServer {
  let port: Int
  let arguments: [String]
  private var process: Process?

  /// Starts one; `arguments` are extra `redis-server` options (`--requirepass secret`).
  init(_ arguments: [String] = []) throws {
    port = Self.freePort()
    self.arguments = arguments
    try start()
  }

  deinit {
    resume()
    kill()
  }

  var url: String { "redis://127.0.0.1:\(port)" }

  static var binary: String? {
    ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  func start() throws {
    guard let binary = Self.binary else {
      throw TestServerError("no redis-server: Scripts/test.sh installs Debian's redis-server (apt-get install redis-server)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", "/tmp"] + arguments
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    self.process = process
    for _ in 0..<200 {
      if Self.accepts(port) { return }
      Thread.sleep(forTimeInterval: 0.02)
    }
    throw TestServerError("redis-server did not listen on \(port)")
  }

  /// Stops it answering (SIGSTOP), as a server stuck or far away would; ``resume()`` undoes it.
  func pause() {
    if let process { Glibc.kill(process.processIdentifier, SIGSTOP) }
  }

  func resume() {
    if let process { Glibc.kill(process.processIdentifier, SIGCONT) }
  }

  /// Kills it at once (SIGKILL), as a crash would.
  func kill() {
    guard let process, process.isRunning else { return }
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  static func accepts(_ port: Int) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    } == 0
  }

  static func freePort() -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var size = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        _ = bind(descriptor, pointer, size)
        return getsockname(descriptor, pointer, &size)
      }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

struct TestServerError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
