/// A list's keys, hashed a few children ahead of the keyed diff, so that each key's slot in
/// the `KeyTable` is asked for before the key is looked up.
///
/// A key's slot is a load from anywhere in the table. For 10,000 rows the table (256 KB) is
/// pushed out of the nearest caches by the two lists' elements streaming past, and the probe
/// of each key waited on memory: the probe's share of the keyed diff's time grew three times
/// from 1,000 to 10,000 replaced rows (perf). So the matching loops take each child's hash
/// from here, where it was made `distance` children earlier, and ask for the slot of the
/// newest (`KeyTable.prefetchSlot`): each key is still read and hashed once, and read again
/// only to confirm a match. In the WebAssembly module, which has no prefetch, each key is read
/// and hashed when its child is reached, as before.
///
/// ```swift
/// var lookahead = KeyLookahead(nodes, from: start, to: end, hashing: true)
/// for index in start..<end {
///   // Every child in turn, each once: the hashes move along by one per call.
///   guard let child = lookahead.next(index) else { break }  // not a keyed element
///   table.prefetchSlot(ofHash: lookahead.newestHash)
/// }
/// ```
struct KeyLookahead {
  /// How many children ahead a key is hashed; `next` asks for the elements twice as far
  /// ahead, so that the key is in the cache by then.
  static let distance = 4

  private let nodes: UnsafeBufferPointer<Node>
  /// Whether keys are hashed: not when the diff has no table to look them up in.
  private let hashing: Bool
  #if !hasFeature(Embedded)
  /// The end of the children asked about: none past it is hashed (a middle can be a few
  /// children of a long list).
  private let end: Int
  /// The hashes of the `distance` children from the next one asked about, nearest first.
  private var hashes: (Int, Int, Int, Int)
  #endif

  /// A lookahead over the children of `nodes` from `start` to `end` (not included), asked
  /// about one after another.
  init(_ nodes: UnsafeBufferPointer<Node>, from start: Int, to end: Int, hashing: Bool) {
    self.nodes = nodes
    self.hashing = hashing
    #if !hasFeature(Embedded)
    self.end = end
    hashes = (0, 0, 0, 0)  // `hash(_:)` is a method: self must be whole before it is called
    hashes = (hash(start), hash(start + 1), hash(start + 2), hash(start + 3))
    #endif
  }

  /// The child at `index`, or nil when it is not a keyed element; `index` is one more than the
  /// last call's. Hashes the key `distance` children ahead, and asks for the element twice as
  /// far ahead (`Differ.prefetch`).
  @inline(__always)
  mutating func next(_ index: Int) -> KeyedChild? {
    #if hasFeature(Embedded)
    guard let key = Differ.keyIfKeyed(nodes.baseAddress! + index) else { return nil }
    return KeyedChild(hash: hashing ? KeyTable.hash(key) : 0, key: key)
    #else
    Differ.prefetch(nodes, index + 2 * Self.distance)
    let hash = hashes.0
    hashes = (hashes.1, hashes.2, hashes.3, self.hash(index + Self.distance))
    guard Differ.isKeyedElement(nodes.baseAddress! + index) else { return nil }
    return KeyedChild(hash: hash, nodes: nodes, index: index)
    #endif
  }

  /// The hash made for the child `distance` ahead by the last `next`, for
  /// `KeyTable.prefetchSlot` (0 in the WebAssembly module).
  var newestHash: Int {
    #if hasFeature(Embedded)
    return 0
    #else
    return hashes.3
    #endif
  }

  #if !hasFeature(Embedded)
  /// The hash of the key of `nodes[index]`; 0 when not hashing or when there is no such
  /// keyed child before `end`.
  @inline(__always)
  private func hash(_ index: Int) -> Int {
    guard hashing, index < end, let key = Differ.keyIfKeyed(nodes.baseAddress! + index) else { return 0 }
    return KeyTable.hash(key)
  }
  #endif
}

/// A keyed child as the matching loops hand it to the `KeyTable`: its key's hash (0 when the
/// diff has no table), and its key.
struct KeyedChild {
  let hash: Int
  #if hasFeature(Embedded)
  let key: String
  #else
  private let nodes: UnsafeBufferPointer<Node>
  private let index: Int

  init(hash: Int, nodes: UnsafeBufferPointer<Node>, index: Int) {
    self.hash = hash
    self.nodes = nodes
    self.index = index
  }

  /// Read from the child when asked for: only to confirm a match of hash bits, or to report a
  /// duplicate.
  var key: String { Differ.key(nodes, index) }
  #endif
}
