#if canImport(Glibc)
import Glibc

/// A value that threads share, read and changed only under its lock.
///
/// Not Synchronization's `Mutex`: on Linux its contended path takes the lock in the kernel
/// (`FUTEX_LOCK_PI`), which ThreadSanitizer cannot see, so it reports every contended access as
/// a race and the server's concurrency tests could not run under it. This is a plain pthread
/// mutex, which ThreadSanitizer follows.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
package final class Locked<Value: Sendable>: @unchecked Sendable {
  // Safe: `value` is only read or written inside `withLock`, under `mutex`, and only
  // `Sendable` values go in or come out.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  package init(_ value: Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.value = value
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }

  /// Takes every element of a locked list at once, leaving it empty: how a thread drains
  /// what others queued for it (one lock, however many there are).
  package func takeAll<Element>() -> [Element] where Value == [Element] {
    withLock { list in
      defer { list = [] }
      return list
    }
  }
}
#endif
