import Glibc
import NavDOMLinuxSystem
import NavDOMSupport

/// All that other threads can reach of an event loop: they hand it a stream with bytes to
/// flush, a deferred response once made, or a wake-up (the server is stopping), through locks
/// and an eventfd. The loop itself (its connections, its buffers) is not `Sendable`, so the
/// compiler checks that no other thread touches it; other threads name a connection by its
/// ``ConnectionToken``, which the loop looks up on its own thread.
final class LoopInbox: Sendable {
  /// The eventfd the loop's epoll watches; a write wakes it.
  let wakeDescriptor: Int32
  private let flushes = Locked<[ConnectionToken]>([])
  private let completions = Locked<[(DeferredResponse, HTTPResponse?)]>([])

  init() throws(ServerError) {
    wakeDescriptor = eventfd(0, navdom_eventfd_nonblocking | navdom_eventfd_cloexec)
    guard wakeDescriptor >= 0 else { throw .socketFailure(operation: "eventfd", errorNumber: errno) }
  }

  deinit { close(wakeDescriptor) }

  /// Wakes the loop (any thread).
  func wake() {
    var one: UInt64 = 1
    _ = write(wakeDescriptor, &one, 8)
  }

  /// The connection's stream has bytes to send, or closed (any thread).
  func scheduleFlush(_ connection: ConnectionToken) {
    flushes.withLock { $0.append(connection) }
    wake()
  }

  /// Hands a deferred response to the loop (any thread); only the first completion counts.
  func complete(_ pending: DeferredResponse, with response: HTTPResponse?) {
    guard pending.claimCompletion() else { return }
    var response = response
    // A deferred response cannot defer again: answer with what can be said.
    if case .deferred? = response?.body {
      response = .error(.internalServerError, detail: "a deferred response deferred again")
    }
    completions.withLock { $0.append((pending, response)) }
    wake()
  }

  /// On the loop's thread: the connections whose streams asked to be flushed, in order.
  func takeFlushes() -> [ConnectionToken] {
    flushes.takeAll()
  }

  /// On the loop's thread: the deferred responses made since it last looked.
  func takeCompletions() -> [(DeferredResponse, HTTPResponse?)] {
    completions.takeAll()
  }
}

/// How other threads name a connection: its descriptor, and which connection on it (a
/// descriptor is reused once closed, so a late flush or response for a closed connection
/// finds nothing rather than a stranger).
struct ConnectionToken: Sendable, Equatable {
  let descriptor: Int32
  let generation: UInt64
}
