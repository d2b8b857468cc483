/// Asks for the blocks of the subtrees the diff is about to compare a few sibling pairs before
/// it gets there, so that their cache misses overlap the diff's work instead of stalling it.
///
/// The diff walks a subtree depth first and compares as it goes. Each element's block is a
/// cache miss it must wait for before it knows where the next block is, so on trees larger than
/// the cache (both 10,000-row benchmark tables: ~18 MB) it waited for one miss at a time. On a
/// long run of siblings, this follows the subtrees `lookahead` pairs ahead one level per step:
/// at each step it reads the elements it asked for at the previous step (in the cache by then),
/// asks for their children, and asks for the roots of the next pair. It asks with prefetch
/// instructions, which nothing waits for, so a level's misses are in flight while the diff
/// works on the current pair.
///
/// Plain loads, touching a batch of 16 pairs' subtrees breadth first, overlapped a level's
/// misses with each other but not with the diff, which waited for each batch. Measured with
/// `navdom bench diff-scaling` (10,000 rows against 1,000, alternating in one process), the
/// unchanged diff's ratio went from 18.3 to 10.2 with prefetches, moving the last row first
/// from 17.2 to 12.2 (medians over 4 processes of 3 rounds, the two builds alternating).
///
/// Freeing a tree chases the same pointers; `blockToFree(_:)` serves `ElementStorage`'s
/// `deinit`, which asks for its next children's blocks a few siblings ahead.
///
/// One value per long run of sibling pairs, stepped once per pair:
///
/// ```swift
/// var prefetch = SubtreePrefetch(length: count)
/// for index in 0..<count {
///   prefetch.step(at: index, remaining: count - index) { (old + index + $0, new + index + $0) }
///   diffNode(old + index, new + index)
/// }
/// ```
struct SubtreePrefetch: ~Copyable {
  /// Runs of at most this many pairs are left alone (the cells of a row): their parent's run
  /// asked for them.
  static let threshold = 16

  /// How many pairs ahead the roots are asked for. A subtree's level `d` is asked for `d` steps
  /// later; levels from `lookahead` on would arrive after the diff, and are not asked for.
  static let lookahead = 6

  /// At most this many elements are followed per step; the rest are left to the diff (asking
  /// is a hint, never needed for correctness).
  static let capacity = 256

  /// How much of an element's block `request` asks for: the rest is asked for by `follow`.
  static let requestedBytes = 192

  /// How far ahead `header(ahead:in:)` asks: a pass over headers does little per node, so a
  /// miss takes several nodes' time.
  static let headerDistance = 16

  #if !hasFeature(Embedded)
  // Not in the WebAssembly module: its trees are small, the code would cost it bytes, and
  // WebAssembly has no prefetch instruction.

  /// An element asked for, and its depth below the root of its pair.
  private struct Request {
    let element: UnretainedElement
    let level: Int
  }

  /// The elements asked for at the previous step (`current`) and at this one (`next`), each
  /// `capacity` long, in one allocation; nil for a short run.
  private var current: UnsafeMutablePointer<Request>?
  private var next: UnsafeMutablePointer<Request>?
  private var currentCount = 0
  private var nextCount = 0

  init(length: Int) {
    guard length > Self.threshold else { return }
    let lists = UnsafeMutablePointer<Request>.allocate(capacity: 2 * Self.capacity)
    current = lists
    next = lists + Self.capacity
  }

  deinit {
    if let current, let next { min(current, next).deallocate() }
  }

  /// Called before the diff compares the pair at `offset` of the run, with `remaining` pairs
  /// left from it (itself included); `pair(i)` gives the i-th pair from it, without an old
  /// node when the new one is to be inserted.
  @inline(__always)
  mutating func step(
    at offset: Int, remaining: Int, _ pair: (Int) -> (old: UnsafePointer<Node>?, new: UnsafePointer<Node>)
  ) {
    guard let current, let next else { return }
    // The roots of the pair `lookahead` ahead; at the start of the run, of every pair up to it.
    var ahead = offset == 0 ? 0 : Self.lookahead
    while ahead <= Self.lookahead && ahead < remaining {
      let (old, new) = pair(ahead)
      if let old { request(old, level: 0) }
      request(new, level: 0)
      ahead += 1
    }
    // The elements asked for last step are in the cache: ask for their children.
    for index in 0..<currentCount { follow(current[index]) }
    self.current = next
    self.next = current
    currentCount = nextCount
    nextCount = 0
  }

  /// Asks for the block of `node`'s element, if it is one, to be followed at the next step.
  @inline(__always)
  private mutating func request(_ node: UnsafePointer<Node>, level: Int) {
    guard let list = next, nextCount < Self.capacity, let element = UnretainedElement(node) else { return }
    // The lines of the first 192 bytes: the object's header, the element's and the first of
    // its parts, and, for most elements (a row's blocks are 64-160 bytes), the blocks made right
    // after it: a tree built in order lays a subtree's blocks out side by side, so these are
    // mostly the next ones the walk reads. Asking for 192 bytes instead of 128 took the unchanged
    // 10,000-row diff from 12.1 to 10.5 times the 1,000-row one (`navdom bench diff-scaling`,
    // 8 alternating processes each). The rest of a larger block is asked for when it is
    // followed.
    let block = UnsafeRawPointer(element.storage.toOpaque())
    prefetch(block)
    prefetch(block + 64)
    prefetch(block + 128)
    // The last of the four lines 192 bytes at a 16-byte boundary can reach.
    prefetch(block + Self.requestedBytes - 1)
    list[nextCount] = Request(element: element, level: level)
    nextCount += 1
  }

  /// Asks for the rest of the block of `request`'s element and for its children's blocks.
  @inline(__always)
  private mutating func follow(_ request: Request) {
    let level = request.level + 1
    guard level < Self.lookahead else { return }
    let block = UnsafeRawPointer(request.element.storage.toOpaque())
    request.element.read { element in
      element.withChildren { children in
        guard let first = children.baseAddress else { return }
        var line = block + Self.requestedBytes
        while line < UnsafeRawPointer(first + children.count) {
          prefetch(line)
          line += 64
        }
        for index in children.indices { self.request(first + index, level: level) }
      }
    }
  }

  /// Before a pass that reads the header and key of each of `nodes` in order (a keyed list's
  /// keys and sizes, or inserts, which read and retain only a subtree's root): asks for those
  /// of the node `headerDistance` ahead of `index`.
  @inline(__always)
  static func header(ahead index: Int, in nodes: UnsafeBufferPointer<Node>) {
    guard index + headerDistance < nodes.count else { return }
    headerLines(of: nodes.baseAddress! + index + headerDistance)
  }

  /// Before an element's block is freed: asks for its first two lines (the object's header
  /// with the reference count, the element's header, the first parts), for writing.
  @inline(__always)
  static func blockToFree(_ node: UnsafePointer<Node>) {
    guard let element = UnretainedElement(node) else { return }
    let block = UnsafeRawPointer(element.storage.toOpaque())
    prefetchForWriting(block)
    prefetchForWriting(block + 64)
  }

  /// `header(ahead:in:)` for a pass walking `nodes` backwards: asks for the node
  /// `headerDistance` before `index`.
  @inline(__always)
  static func header(behind index: Int, in nodes: UnsafeBufferPointer<Node>) {
    guard index >= headerDistance else { return }
    headerLines(of: nodes.baseAddress! + index - headerDistance)
  }

  /// Asks for the object's header (the reference count an insert's patch retains), the
  /// element's header and its key, if `node` is an element: the first 56 bytes of its block,
  /// at most two lines.
  @inline(__always)
  private static func headerLines(of node: UnsafePointer<Node>) {
    guard let element = UnretainedElement(node) else { return }
    let block = UnsafeRawPointer(element.storage.toOpaque())
    prefetch(block)
    prefetch(block + 55)
  }
  #else
  init(length: Int) {}

  @inline(__always)
  static func blockToFree(_ node: UnsafePointer<Node>) {}

  @inline(__always)
  mutating func step(
    at offset: Int, remaining: Int, _ pair: (Int) -> (old: UnsafePointer<Node>?, new: UnsafePointer<Node>)
  ) {}

  @inline(__always)
  static func header(ahead index: Int, in nodes: UnsafeBufferPointer<Node>) {}

  @inline(__always)
  static func header(behind index: Int, in nodes: UnsafeBufferPointer<Node>) {}
  #endif
}
