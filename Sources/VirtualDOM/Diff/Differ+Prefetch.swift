import NavDOMThreadSlot

/// The diff reads a list's children one after another, and each child's element lies in a
/// block elsewhere in memory. On a list of 10,000 rows the two trees (over 10 MB) are far
/// larger than the caches, so every row's element was a wait on memory, as was the page-table
/// walk for its page; the 1,000-row lists mostly stay in the caches. Asking for the element a
/// few children ahead lets those waits overlap the work on the children before it.
///
/// Measured with `Scripts/bench-diff-scaling-ab.py` (10,000 rows against 1,000, the same run):
/// every operation's median ratio fell by 1 to 3 (moveLastToFirst 15.2 to 13.2, replaceAll 15.7
/// to 12.5, unchanged 13.3 to 12.2) and every fastest 10,000-row diff got faster
/// (moveLastToFirst 4.80 to 4.19 ms), for 0.7% more instructions (callgrind, 1,000-row
/// diffs). Asking from 8 children ahead measured no better. The two loops that match the
/// middles' keys ask from 8 children ahead all the same (through `KeyLookahead.next`): they
/// hash each key 4 children ahead of its lookup, so its element must be there by then.
///
/// Where the diff walks a pair of children (the common prefix and suffix, the middle's matched
/// pairs) it asks for the whole subtree it is about to read (`prefetchSubtree`): in a shared
/// block a row's cells lie before its header, and the first of them, 480 bytes before it in a
/// benchmark row, was a wait on memory in every row. Measured the same way (REPS=6, against
/// 4aa3240, a window of 512 bytes): median ratios 12.5-14.4 to 10.6-11.4 (unchanged, select,
/// updateEveryTenth, removeOne, moveLastToFirst), fastest 10,000-row diffs 2-19% faster, the
/// 1,000-row medians within 2%; 1,024 bytes measured as 512 (README's latest side-by-side runs
/// are of it). A window of 320 bytes, short of the row's first line, measured no better than
/// none (as "more of each row" had when last tried). Inserted children
/// are not walked (their patch takes the node as it is): they keep `prefetch`, and a replaced
/// list measured 11% slower when they asked for their rows.
extension Differ {
  /// How many children ahead to ask for: far enough for a load from memory to finish while
  /// the diff works on the children between.
  static let prefetchDistance = 4

  /// Asks for the header of the element at `nodes[index]` and the line after it (where its
  /// key, attributes and children begin), when there is such an element; nothing in the
  /// WebAssembly module.
  @inline(__always)
  static func prefetch(_ nodes: UnsafeBufferPointer<Node>, _ index: Int) {
    #if !hasFeature(Embedded)
    guard let header = header(nodes, index) else { return }
    prefetchHeader(at: header)
    #endif
  }

  /// How far before an element's header its subtree is asked for (`prefetchSubtree`): a
  /// benchmark row is 616 bytes; a larger subtree has its last kilobyte asked for.
  static let subtreePrefetchBytes = 1024

  /// Asks for what the diff reads of the element at `nodes[index]` when it walks it: its
  /// header and the line after, and the lines before its header, where its children lie when
  /// they share its block (a thread's elements go into its block one after another, children
  /// first). Only addresses are computed: a prefetch never faults, wherever the lines before
  /// a block's first element are. Nothing in the WebAssembly module.
  @inline(__always)
  static func prefetchSubtree(_ nodes: UnsafeBufferPointer<Node>, _ index: Int) {
    #if !hasFeature(Embedded)
    guard let header = header(nodes, index) else { return }
    prefetchHeader(at: header)
    var offset = 64
    while offset <= subtreePrefetchBytes {
      navdom_prefetch(header - offset)
      offset += 64
    }
    #endif
  }

  #if !hasFeature(Embedded)
  /// Where the header of the element at `nodes[index]` is, when `index` is in `nodes` and the
  /// node there is an element.
  @inline(__always)
  private static func header(_ nodes: UnsafeBufferPointer<Node>, _ index: Int) -> UnsafeRawPointer? {
    guard index < nodes.count else { return nil }
    return Element.withElement(at: nodes.baseAddress! + index) { UnsafeRawPointer($0.header) }
  }

  /// Asks for the header at `header` and the line after it (where the key, the attributes and
  /// the children begin).
  @inline(__always)
  private static func prefetchHeader(at header: UnsafeRawPointer) {
    navdom_prefetch(header)
    navdom_prefetch(header + 64)
  }
  #endif

  /// Asks for both elements of the middle's `index`th matched pair (phase 5 of the keyed
  /// diff), when there is one.
  @inline(__always)
  static func prefetchMatchedPair(_ index: Int, _ match: MiddleMatch, _ lists: KeyedLists) {
    #if !hasFeature(Embedded)
    guard index < lists.newCount else { return }
    prefetchSubtree(lists.new, lists.start + index)
    let oldIndex = match.sources[index]
    if oldIndex != -1 { prefetchSubtree(lists.old, oldIndex) }
    #endif
  }
}
