import Foundation
import Glibc

/// Test support shared by the suites that talk HTTP to a real server on loopback.

/// A response as read off the wire by the tests.
public struct WireResponse {
  public var statusLine: String
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]

  public var status: Int { Int(statusLine.split(separator: " ")[1]) ?? 0 }
  public var bodyText: String { String(decoding: body, as: UTF8.self) }

  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}

/// A blocking TCP client that speaks raw bytes to the server under test.
public final class RawConnection {
  public let descriptor: Int32
  private var buffer: [UInt8] = []
  public private(set) var sawEndOfStream = false

  public init(port: Int, receiveTimeout: Double = 3) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    if result != 0 {
      let error = errno
      close(descriptor)
      throw ConnectionError.connectFailed(error)
    }
    setReceiveTimeout(receiveTimeout)
  }

  deinit { close(descriptor) }

  public enum ConnectionError: Error { case connectFailed(Int32) }

  public func setReceiveTimeout(_ seconds: Double) {
    var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Sends bytes; returns false when the server has gone.
  @discardableResult
  public func send(_ text: String) -> Bool { send(bytes: Array(text.utf8)) }

  @discardableResult
  public func send(bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { return false }
      sent += count
    }
    return true
  }

  /// Reads more bytes into the buffer; false on end of stream, error or timeout.
  private func fill() -> Bool {
    if sawEndOfStream { return false }
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count > 0 {
      buffer.append(contentsOf: chunk[0..<count])
      return true
    }
    if count == 0 { sawEndOfStream = true }
    return false
  }

  private func takeLine() -> String? {
    while true {
      if let index = buffer.firstIndex(of: 0x0A) {
        var line = Array(buffer[0..<index])
        if line.last == 0x0D { line.removeLast() }
        buffer.removeFirst(index + 1)
        return String(decoding: line, as: UTF8.self)
      }
      if !fill() { return nil }
    }
  }

  private func take(_ count: Int) -> [UInt8]? {
    while buffer.count < count {
      if !fill() { return nil }
    }
    let bytes = Array(buffer[0..<count])
    buffer.removeFirst(count)
    return bytes
  }

  /// Reads one response; `bodiless` for answers to HEAD (headers promise a body that is not sent).
  public func readResponse(bodiless: Bool = false) -> WireResponse? {
    guard let statusLine = takeLine(), statusLine.hasPrefix("HTTP/") else { return nil }
    var headers: [(name: String, value: String)] = []
    while let line = takeLine() {
      if line.isEmpty { break }
      guard let colon = line.firstIndex(of: ":") else { return nil }
      headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
    }
    var response = WireResponse(statusLine: statusLine, headers: headers, body: [])
    let status = response.status
    if bodiless || status == 304 || status == 204 || (100..<200).contains(status) { return response }
    if let length = response.header("Content-Length").flatMap({ Int($0) }) {
      guard let body = take(length) else { return nil }
      response.body = body
    } else if response.header("Transfer-Encoding") == "chunked" {
      while let sizeLine = takeLine(), let size = Int(sizeLine, radix: 16) {
        if size == 0 {
          _ = takeLine()
          break
        }
        guard let chunk = take(size) else { return nil }
        response.body += chunk
        _ = takeLine()
      }
    } else {
      while fill() {}
      response.body = buffer
      buffer = []
    }
    return response
  }

  /// Reads until `text` has arrived (returns everything read so far), or nil on close/timeout.
  public func readUntil(_ text: String) -> String? {
    let needle = Array(text.utf8)
    while true {
      if let _ = buffer.firstRange(of: needle) {
        return String(decoding: buffer, as: UTF8.self)
      }
      if !fill() { return nil }
    }
  }

  /// Whether the server closes the connection (end of stream) within the receive timeout,
  /// ignoring any bytes it sends first.
  public func waitForClose() -> Bool {
    while true {
      if sawEndOfStream { return true }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        continue
      }
      if count == 0 { return true }
      return errno == ECONNRESET
    }
  }

  /// Everything received so far (after `waitForClose`, the whole tail).
  public var received: String { String(decoding: buffer, as: UTF8.self) }
}
