import Glibc
import NavDOMLinuxSystem
import Synchronization

extension EventLoop {
  // MARK: - Accepting

  func acceptConnections() {
    for _ in 0..<64 {
      let descriptor = navdom_accept(context.listenDescriptor, navdom_socket_nonblocking | navdom_socket_cloexec)
      if descriptor < 0 {
        let error = errno
        if error == EINTR || error == ECONNABORTED { continue }
        if (error == EMFILE || error == ENFILE) && reserveDescriptor >= 0 {
          // Out of descriptors: use the reserve to accept and drop one, so the loop does not spin.
          close(reserveDescriptor)
          let dropped = navdom_accept(context.listenDescriptor, navdom_socket_cloexec)
          if dropped >= 0 { close(dropped) }
          reserveDescriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
          continue
        }
        return
      }
      let open = context.openConnections.add(1, ordering: .relaxed).newValue
      if open > context.configuration.maximumConnections {
        context.openConnections.subtract(1, ordering: .relaxed)
        refuse(descriptor)
        continue
      }
      var enabled: Int32 = 1
      setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
      let now = MonotonicClock.now()
      acceptedCount += 1
      let connection = Connection(
        descriptor: descriptor, generation: acceptedCount, limits: context.configuration.requestLimits, now: now)
      connections[descriptor] = connection
      connection.registeredEvents = navdom_epoll_in
      navdom_epoll_control(epoll, navdom_epoll_add, descriptor, navdom_epoll_in, UInt64(descriptor))
    }
  }

  static let refusal = Array(
    ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 21\r\n"
      + "Retry-After: 1\r\nConnection: close\r\n\r\ntoo many connections\n").utf8)

  /// Answers a connection over the limit with 503 (best effort, never blocking) and closes it.
  func refuse(_ descriptor: Int32) {
    _ = recv(descriptor, readBuffer.baseAddress, readBuffer.count, Int32(MSG_DONTWAIT))
    _ = EventLoop.refusal.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    shutdown(descriptor, Int32(SHUT_WR))
    close(descriptor)
  }
}
