import Foundation

/// A value that threads share, read and changed only under its lock.
///
/// Not Synchronization's `Mutex`: on Linux its contended path takes the lock in the kernel
/// (`FUTEX_LOCK_PI`), which ThreadSanitizer cannot see, so it reports every contended access
/// as a race. `NSLock` is a pthread mutex, which it sees; the live server's pool, mailboxes and
/// shared state run under ThreadSanitizer in Scripts/test.sh.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
final class Locked<Value: Sendable>: @unchecked Sendable {
  // Safe: `value` is only read or written inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
