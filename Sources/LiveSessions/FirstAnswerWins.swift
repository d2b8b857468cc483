import NavDOMSupport

/// Who answers a request that two parties race to answer (an event's reply and its time
/// limit): the first to ``claim()`` answers, the other stands down.
///
/// ```swift
/// let race = FirstAnswerWins()
/// if race.claim() { complete(reply) }   // else the time limit answered first
/// ```
final class FirstAnswerWins: Sendable {
  private let isAnswered = Locked(false)

  /// `true` for the first caller only.
  func claim() -> Bool {
    isAnswered.withLock { isAnswered in
      defer { isAnswered = true }
      return !isAnswered
    }
  }
}
