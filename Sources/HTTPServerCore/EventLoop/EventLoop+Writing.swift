import Glibc
import NavDOMLinuxSystem
import Synchronization

extension EventLoop {
  // MARK: - Streams

  func flushStream(_ connection: Connection) {
    guard let stream = connection.stream else { return }
    let (bytes, endOfStream) = stream.takePending()
    connection.output.append(contentsOf: bytes)
    if endOfStream {
      connection.output.append(contentsOf: stream.terminator)
      connection.stream = nil
      if !connection.streamKeepsAlive || draining { connection.closeAfterWrite = true }
      stream.markClosed()
    }
    drive(connection)
  }

  // MARK: - Writing

  func flush(_ connection: Connection) {
    let now = MonotonicClock.now()
    while connection.outputOffset < connection.output.count {
      let count = connection.output.withUnsafeBytes { raw in
        send(connection.descriptor, raw.baseAddress! + connection.outputOffset,
          raw.count - connection.outputOffset, Int32(MSG_NOSIGNAL))
      }
      if count > 0 {
        connection.outputOffset += count
        connection.lastWriteProgress = now
      } else if count < 0 && errno == EINTR {
        continue
      } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        return
      } else {
        closeConnection(connection)
        return
      }
    }
    if connection.output.capacity > 1024 * 1024 {
      connection.output = []
    } else {
      connection.output.removeAll(keepingCapacity: true)
    }
    connection.outputOffset = 0
    while let file = connection.file {
      var offset = connection.fileOffset
      let count = sendfile(connection.descriptor, file.descriptor, &offset, min(file.byteCount - offset, 1 << 20))
      if count > 0 {
        connection.fileOffset = offset
        connection.lastWriteProgress = now
        if offset >= file.byteCount { connection.file = nil }
      } else if count < 0 && errno == EINTR {
        continue
      } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        return
      } else {
        // Error, or the file shrank (sendfile returned 0): the body cannot be completed.
        closeConnection(connection)
        return
      }
    }
    if connection.closeAfterWrite && connection.stream == nil {
      closeConnection(connection)
      return
    }
    if connection.stream == nil && !connection.parser.hasPartialRequest && connection.requestStartedAt == nil {
      connection.idleSince = now
    }
  }

  func updateInterest(_ connection: Connection) {
    var events: UInt32 = 0
    let blocked = connection.hasPendingOutput || connection.stream != nil || connection.awaiting != nil
    if !connection.peerClosed && !(blocked && connection.parser.bufferedByteCount > readCapacity) {
      events |= navdom_epoll_in
    }
    if connection.hasPendingOutput { events |= navdom_epoll_out }
    if events != connection.registeredEvents {
      connection.registeredEvents = events
      navdom_epoll_control(epoll, navdom_epoll_modify, connection.descriptor, events, UInt64(connection.descriptor))
    }
  }

  // MARK: - Timeouts and closing

  static let timeoutResponse = Array(
    ("HTTP/1.1 408 Request Timeout\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 16\r\n"
      + "Connection: close\r\n\r\nrequest timeout\n").utf8)

  func sweep(now: UInt64) {
    var expired: [Connection] = []
    for connection in connections.values {
      if connection.hasPendingOutput {
        if now &- connection.lastWriteProgress > writeTimeout { expired.append(connection) }
      } else if connection.stream != nil || connection.awaiting != nil {
        continue  // the app's time limit, not the connection's, bounds a deferred response
      } else if let started = connection.requestStartedAt {
        if now &- started > requestReadTimeout {
          _ = EventLoop.timeoutResponse.withUnsafeBytes {
            send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
          }
          expired.append(connection)
        }
      } else {
        let limit = connection.servedRequests == 0 ? requestReadTimeout : idleTimeout
        if now &- connection.idleSince > limit { expired.append(connection) }
      }
    }
    for connection in expired { closeConnection(connection) }
  }

  func closeConnection(_ connection: Connection) {
    if connection.isClosed { return }
    connection.isClosed = true
    connections[connection.descriptor] = nil
    navdom_epoll_control(epoll, navdom_epoll_delete, connection.descriptor, 0, 0)
    close(connection.descriptor)
    connection.file = nil
    connection.output = []
    context.openConnections.subtract(1, ordering: .relaxed)
    if let stream = connection.stream {
      connection.stream = nil
      stream.markClosed()
    }
  }
}
