import NavDOMSupport
/// The live sessions of one server by id, with the least recently used one found in
/// logarithmic time: a new visitor at the cap evicts it, so a full server must not scan every
/// session (and take every session's lock) for each page it serves.
///
/// Sessions are touched outside the table (each request updates its session's time of last use
/// under that session's own lock), so the heap's keys go stale: an entry holds the time its
/// session had when the entry was pushed, never later than the session's real one. The
/// minimum is corrected lazily: a popped entry whose session has been used since is pushed
/// back with the newer time. An entry whose time is still the session's own is the least
/// recently used session, since every other session's real time is at least its entry's.
/// Each use of a session costs at most one push back, and only when eviction looks at it.
/// A session whose page listens on its stream counts as used at the end of the current second
/// (`listeningTime`), so open tabs outlive visitors who left, to within a second.
///
/// Not thread-safe: `LiveServer` keeps it in a `Locked`.
///
/// ```swift
/// var table = SessionTable()
/// table.insert(session, now: .now)
/// let evicted = table.evict(idleFor: .seconds(1800), keepingBelow: 1_000, now: .now)
/// ```
struct SessionTable {
  private var byID: [String: LiveSession] = [:]
  /// A min-heap of (time of last use when pushed, session id).
  private var heap: [(usedAt: ContinuousClock.Instant, id: String)] = []
  /// Where `listeningTime` counts whole seconds from.
  private let epoch = ContinuousClock.now

  var count: Int { byID.count }
  var all: [LiveSession] { Array(byID.values) }

  subscript(id: String) -> LiveSession? { byID[id] }

  mutating func insert(_ session: LiveSession, now: ContinuousClock.Instant) {
    byID[session.id] = session
    push((session.usedAt(listening: listeningTime(now)), session.id))
  }

  /// What a session whose page listens on a stream counts as its time of last use: the end of
  /// the whole second (since `epoch`) that `now` is in, later than any request so far. Whole
  /// seconds, so that the evictions of one second find those sessions' entries current: when
  /// every page at the cap listens, each new visitor would otherwise push every entry back
  /// (N log N steps for each page served).
  private func listeningTime(_ now: ContinuousClock.Instant) -> ContinuousClock.Instant {
    epoch + .seconds((now - epoch).components.seconds + 1)
  }

  /// Removes the sessions idle for longer than `idleTimeout`, then the least recently used
  /// ones until fewer than `limit` remain, and returns them all (their streams are the
  /// caller's to close). A session whose page listens on a stream counts as used this second.
  /// Sessions leave the table only here, so the heap holds one entry per session.
  mutating func evict(idleFor idleTimeout: Duration, keepingBelow limit: Int, now: ContinuousClock.Instant)
    -> [LiveSession]
  {
    var evicted: [LiveSession] = []
    let listening = listeningTime(now)
    while let top = heap.first {
      // An entry's time is never later than its session's (but for a page that stopped
      // listening within the last second): if the oldest entry is not idle, no session is,
      // and nothing needs correcting.
      guard byID.count >= limit || now - top.usedAt > idleTimeout else { break }
      guard let session = byID[top.id] else {
        popTop()
        continue
      }
      let usedAt = session.usedAt(listening: listening)
      popTop()
      if usedAt != top.usedAt {
        push((usedAt, top.id))  // used since its entry was pushed: look again
        continue
      }
      byID[top.id] = nil
      evicted.append(session)
    }
    return evicted
  }

  // MARK: The heap

  private mutating func push(_ entry: (usedAt: ContinuousClock.Instant, id: String)) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].usedAt < heap[parent].usedAt else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func popTop() {
    guard !heap.isEmpty else { return }
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    siftDown(from: 0)
  }

  private mutating func siftDown(from start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      let right = left + 1
      let smaller = right < heap.count && heap[right].usedAt < heap[left].usedAt ? right : left
      guard heap[smaller].usedAt < heap[parent].usedAt else { return }
      heap.swapAt(parent, smaller)
      parent = smaller
    }
  }

}
