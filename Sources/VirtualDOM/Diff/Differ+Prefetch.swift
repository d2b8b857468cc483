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
/// diffs). Asking for more of each row (the lines below its header, where the children made
/// before it lie) or from 8 children ahead measured no better. The two loops that match the
/// middles' keys ask from 8 children ahead all the same (through `KeyLookahead.next`): they
/// hash each key 4 children ahead of its lookup, so its element must be there by then.
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
    guard index < nodes.count,
      let header = Element.withElement(at: nodes.baseAddress! + index, { UnsafeRawPointer($0.header) })
    else { return }
    navdom_prefetch(header)
    navdom_prefetch(header + 64)
    #endif
  }

  /// Asks for both elements of the middle's `index`th matched pair (phase 5 of the keyed
  /// diff), when there is one.
  @inline(__always)
  static func prefetchMatchedPair(_ index: Int, _ match: MiddleMatch, _ lists: KeyedLists) {
    #if !hasFeature(Embedded)
    guard index < lists.newCount else { return }
    prefetch(lists.new, lists.start + index)
    let oldIndex = match.sources[index]
    if oldIndex != -1 { prefetch(lists.old, oldIndex) }
    #endif
  }
}
