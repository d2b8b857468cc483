import Foundation
import Glibc

/// A TCP server on a free loopback port that answers every connection with the same bytes
/// and closes it: a server that is not Redis.
final class FakeServer: @unchecked Sendable {
  // Safe: `descriptor` is set once in init and only read after.
  let port: Int
  private let descriptor: Int32

  init(answer: String) throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.descriptor = descriptor
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(descriptor, pointer, size) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, pointer, &size) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw TestServerError("cannot listen for the fake server")
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    let listening = descriptor
    let bytes = Array(answer.utf8)
    Thread.detachNewThread {
      while true {
        let client = accept(listening, nil, nil)
        guard client >= 0 else { return }
        _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        Thread.sleep(forTimeInterval: 0.05)
        close(client)
      }
    }
  }

  deinit {
    shutdown(descriptor, Int32(SHUT_RDWR))
    close(descriptor)
  }
}
