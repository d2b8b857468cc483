import Glibc

/// The TCP socket calls under ``RedisConnection``: resolve, connect within a time limit.
enum RedisSocket {
  /// A connected socket to `host`:`port`, trying each address the name resolves to.
  static func connect(host: String, port: Int, timeout: Double) throws -> Int32 {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_family = AF_UNSPEC
    var list: UnsafeMutablePointer<addrinfo>?
    let resolved = getaddrinfo(host, String(port), &hints, &list)
    guard resolved == 0, let first = list else {
      throw PubSubEngineError("cannot find Redis host \"\(host)\": \(String(cString: gai_strerror(resolved)))")
    }
    defer { freeaddrinfo(list) }
    var reason = "no address"
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let info = entry {
      entry = info.pointee.ai_next
      let descriptor = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard descriptor >= 0 else { continue }
      if let failure = connect(descriptor, to: info.pointee.ai_addr, length: info.pointee.ai_addrlen, timeout: timeout) {
        reason = failure
        close(descriptor)
        continue
      }
      var on: Int32 = 1
      setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
      return descriptor
    }
    throw PubSubEngineError("cannot reach Redis at \(host):\(port): \(reason)")
  }

  /// Connects without blocking past `timeout`; the reason it failed, or `nil`.
  private static func connect(_ descriptor: Int32, to address: UnsafePointer<sockaddr>, length: socklen_t, timeout: Double) -> String? {
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(descriptor, F_SETFL, flags) }
    if Glibc.connect(descriptor, address, length) == 0 { return nil }
    guard errno == EINPROGRESS else { return lastError() }
    var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    let ready = poll(&waiting, 1, Int32(timeout * 1000))
    guard ready > 0 else { return ready == 0 ? "no answer in \(timeout) s" : lastError() }
    var failure: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &size)
    return failure == 0 ? nil : String(cString: strerror(failure))
  }

  static func setReceiveTimeout(_ descriptor: Int32, seconds: Double) {
    var limit = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  }

  static func lastError() -> String { String(cString: strerror(errno)) }
}
