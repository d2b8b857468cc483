// Loading a tree's blocks before a walk reaches them.
//
// A walk over a big tree waits on memory: each element is a heap block of its own, and where a
// child's block lies is known only once its parent's block is read, so the misses come one
// after another. A tree the allocator laid out in building order streams well, but one built
// over blocks an earlier tree freed (an app's tree after a few updates) is scattered: the
// keyed diff of 10,000 such rows took 5-7 ms where 1,000 (in the cache) took 0.36. Told a few
// siblings ahead, the processor fetches several blocks at once while the walk works on the
// current one: 3.6-3.9 ms (README, "Looking ahead in the keyed diff").
//
// The hints change no result. In the WebAssembly module, which has no prefetch, they are
// nothing at all.

#if !hasFeature(Embedded)
import NavDOMPrefetch
#endif

/// Prefetching for the walks over long lists of siblings (the keyed diff's).
///
/// ```swift
/// for index in siblings.indices {
///   LookAhead.prefetch(siblings, from: index)
///   visit(siblings.baseAddress! + index)
/// }
/// ```
package enum LookAhead {
  /// For a walk about to visit `siblings[index]`: asks for the block of the sibling six on,
  /// for its children's blocks four on, and for its grandchildren's two on. Each of those is
  /// read from blocks asked for two steps before, so it is in the cache by then: a table row's
  /// elements (a row, its cells, their links) arrive over three steps.
  @inline(__always)
  package static func prefetch(_ siblings: UnsafeBufferPointer<Node>, from index: Int) {
    #if !hasFeature(Embedded)
    let count = siblings.count
    guard index + 2 < count, let base = siblings.baseAddress else { return }
    if index + 6 < count { prefetchBlock(base + index + 6) }
    if index + 4 < count { forFirstChildren(of: base + index + 4, prefetchBlock) }
    forFirstChildren(of: base + index + 2) { child in forFirstChildren(of: child, prefetchBlock) }
    #endif
  }

  /// `prefetch(_:from:)` for a walk over two lists in step (the diff's old and new children).
  @inline(__always)
  package static func prefetch(
    _ old: UnsafeBufferPointer<Node>, from oldIndex: Int, _ new: UnsafeBufferPointer<Node>, from newIndex: Int
  ) {
    prefetch(old, from: oldIndex)
    prefetch(new, from: newIndex)
  }

  /// For a walk that reads only the siblings' own blocks (their keys, their sizes), not their
  /// children: asks for the block of the sibling eight on.
  @inline(__always)
  package static func prefetchRow(_ siblings: UnsafeBufferPointer<Node>, ahead index: Int) {
    #if !hasFeature(Embedded)
    guard index + 8 < siblings.count, let base = siblings.baseAddress else { return }
    prefetchBlock(base + index + 8)
    #endif
  }

  /// Asks for the first two cache lines of the block of the element at `node` (nothing for
  /// text): its header, key, attributes and first children.
  @inline(__always)
  package static func prefetchBlock(_ node: UnsafePointer<Node>) {
    #if !hasFeature(Embedded)
    _ = Element.withElement(at: node) { element in
      let block = UnsafeRawPointer(Unmanaged.passUnretained(element.storage).toOpaque())
      navdom_prefetch(block)
      navdom_prefetch(block + 64)
    }
    #endif
  }

  /// Calls `body` with each of the first eight children of the element at `node` (a row's
  /// cells, not a whole list), read in place.
  @inline(__always)
  static func forFirstChildren(of node: UnsafePointer<Node>, _ body: (UnsafePointer<Node>) -> Void) {
    _ = Element.withElement(at: node) { element in
      element.withChildren { children in
        guard let first = children.baseAddress else { return }
        for index in 0..<min(children.count, 8) { body(first + index) }
      }
    }
  }
}
