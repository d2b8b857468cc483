import Foundation

/// Whether `condition` holds within 60 seconds, checked every 10 ms: for what another thread or
/// process delivers (a message through Redis or a socket, a value read again).
///
/// It returns as soon as the condition holds, so the limit only matters when something is
/// wrong; it is long because these suites also run under ThreadSanitizer beside CPU-heavy
/// suites on two cores, where a subscriber thread can wait seconds for the CPU (a fresh-clone
/// run saw 21 of 50 Redis messages arrive within 5 s, none lost).
func eventually(_ condition: () -> Bool) -> Bool {
  let deadline = Date().addingTimeInterval(60)
  while Date() < deadline {
    if condition() { return true }
    Thread.sleep(forTimeInterval: 0.01)
  }
  return condition()
}
