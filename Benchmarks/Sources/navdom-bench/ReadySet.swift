import Foundation
import NavDOMBenchPoll

/// The load generator's connections as one epoll set, each registered with its visitor's
/// index: a reply wakes `wait` with that index. `poll()` had the kernel and the generator scan
/// all 64 connections for every reply (about a seventh of the generator's CPU, perf).
final class ReadySet {
  private let descriptor: Int32
  private var ready: [epoll_event]

  init(capacity: Int) {
    descriptor = epoll_create1(Int32(EPOLL_CLOEXEC))
    precondition(descriptor >= 0, "bench live: epoll_create1 failed (errno \(errno))")
    ready = [epoll_event](repeating: epoll_event(), count: max(1, capacity))
  }

  deinit { close(descriptor) }

  /// Reports `connection`'s replies as `index`.
  func watch(_ connection: Int32, as index: Int) {
    var event = epoll_event()
    event.events = EPOLLIN.rawValue
    event.data.u64 = UInt64(index)
    _ = epoll_ctl(descriptor, EPOLL_CTL_ADD, connection, &event)
  }

  /// Stops reporting `connection` (before it is closed and replaced).
  func forget(_ connection: Int32) {
    _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, connection, nil)
  }

  /// Waits up to `milliseconds` for replies, then calls `body` with the index of each
  /// connection that has something to read.
  func wait(milliseconds: Int32, _ body: (Int) -> Void) {
    let count = epoll_wait(descriptor, &ready, Int32(ready.count), milliseconds)
    guard count > 0 else { return }
    for event in ready[..<Int(count)] { body(Int(event.data.u64)) }
  }
}
