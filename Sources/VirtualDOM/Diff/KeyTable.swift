import NavDOMThreadSlot

/// The keyed diff's table of the keys of a list's old and new middles: for each key, the first
/// new child that has it and whether an old child had it.
///
/// Keys are compared as the DOM compares strings, by their bytes (`DOMString.same`), and hashed
/// by their bytes. A `Dictionary<String, …>` would hash and compare by canonical
/// equivalence instead: a different notion of "the same key" than the rest of the diff, and,
/// in the WebAssembly module, the whole of the standard library's Unicode-aware string hashing.
/// Open addressing with linear probing, sized once for the keys of one list.
///
/// The table holds no keys, only one 8-byte entry per slot: 32 bits of the key's hash and a
/// child that has the key (the keys are read from the children when two entries' hash bits
/// match). For 10,000 rows a table of keys and slots took 2 MB, zero-filled, probed at random
/// and released string by string; this one takes 256 KB, and stays in the cache with the trees.
struct KeyTable {
  /// 0 for an empty slot; otherwise the hash bits (never 0) in the high half, and in the low
  /// half `hasNewChild`, `isSeenInOld` and the index of the child: in `new` when it has a new
  /// child, else in `old`.
  private var entries: [UInt64]
  private let mask: Int
  // The same children as the `KeyedLists` the table is made for, and used only within its
  // scope (the table is a local of the keyed diff).
  private let old: UnsafeBufferPointer<Node>
  private let new: UnsafeBufferPointer<Node>

  private static let hasNewChild: UInt64 = 1 << 31
  private static let isSeenInOld: UInt64 = 1 << 30
  private static let indexMask: UInt64 = (1 << 30) - 1

  /// A table for up to `count` keys of the children of `old` and `new`, in `storage` (an
  /// earlier table's, from ``storage()``: its capacity is reused, so a diff of a long list
  /// asks the allocator for nothing once warm).
  init(count: Int, old: UnsafeBufferPointer<Node>, new: UnsafeBufferPointer<Node>, storage: consuming [UInt64] = []) {
    precondition(
      max(old.count, new.count) <= Int(Self.indexMask) + 1, "a keyed list holds at most 1,073,741,824 children")
    // At most two thirds full: the hash bits spare almost every probe a key comparison, so
    // a run of filled slots costs a few loads from one cache line.
    var capacity = 8
    while capacity < count + count / 2 { capacity *= 2 }
    storage.removeAll(keepingCapacity: true)
    storage.append(contentsOf: repeatElement(0, count: capacity))
    entries = storage
    mask = capacity - 1
    self.old = old
    self.new = new
  }

  /// Records the new child at `index`, `child`; false when an earlier new child has its key.
  mutating func claimForNew(_ index: Int, _ child: KeyedChild) -> Bool {
    claimForNew(index, found: find(child))
  }

  /// Records the old child at `index`, `child`; returns the index of the new child with its
  /// key (or -1) and whether an earlier old child had the key.
  mutating func markSeenInOld(_ index: Int, _ child: KeyedChild) -> (newIndex: Int, wasSeen: Bool) {
    markSeenInOld(index, found: find(child))
  }

  /// Asks for the slot a key of hash `hash` starts at, ahead of its probe (`KeyLookahead`);
  /// nothing in the WebAssembly module.
  @inline(__always)
  func prefetchSlot(ofHash hash: Int) {
    #if !hasFeature(Embedded)
    entries.withUnsafeBufferPointer { navdom_prefetch($0.baseAddress! + (hash & mask)) }
    #endif
  }

  /// The slot of `child`'s key, or the empty slot where it goes, and the key's hash bits as an
  /// entry holds them. The key itself is read only to confirm a match of the hash bits.
  private func find(_ child: KeyedChild) -> (slot: Int, hashBits: UInt64) {
    let hashBits = Self.hashBits(of: child.hash)
    var slot = child.hash & mask
    while entries[slot] != 0 {
      let entry = entries[slot]
      if entry & ~0xFFFF_FFFF == hashBits && DOMString.same(key(of: entry), child.key) { break }
      slot = (slot + 1) & mask
    }
    return (slot, hashBits)
  }

  /// The table's storage, for the next table to reuse.
  consuming func storage() -> [UInt64] {
    entries
  }

  /// `claimForNew`, once the key's slot is found.
  @inline(__always)
  private mutating func claimForNew(_ index: Int, found: (slot: Int, hashBits: UInt64)) -> Bool {
    let entry = entries[found.slot]
    if entry & Self.hasNewChild != 0 { return false }
    entries[found.slot] = found.hashBits | entry & Self.isSeenInOld | Self.hasNewChild | UInt64(index)
    return true
  }

  /// `markSeenInOld`, once the key's slot is found.
  @inline(__always)
  private mutating func markSeenInOld(
    _ index: Int, found: (slot: Int, hashBits: UInt64)
  ) -> (newIndex: Int, wasSeen: Bool) {
    let entry = entries[found.slot]
    // A key no new child has is named by this old child.
    entries[found.slot] = entry == 0 ? found.hashBits | Self.isSeenInOld | UInt64(index) : entry | Self.isSeenInOld
    return (entry & Self.hasNewChild != 0 ? Int(entry & Self.indexMask) : -1, entry & Self.isSeenInOld != 0)
  }

  /// The hash bits an entry keeps for a key of hash `hash`, in the entry's high half: the
  /// hash's high 32 bits (the low ones choose the slot; all of them where `Int` has 32), never
  /// 0, so that a filled entry is never 0.
  static func hashBits(of hash: Int) -> UInt64 {
    UInt64(max(UInt32(truncatingIfNeeded: hash >> (Int.bitWidth - 32)), 1)) << 32
  }

  /// The key of the child a filled entry names.
  private func key(of entry: UInt64) -> String {
    Differ.key(entry & Self.hasNewChild != 0 ? new : old, Int(entry & Self.indexMask))
  }

  /// The key's hash, from its bytes alone (`hashBytes`). (One function in the WebAssembly
  /// module: each matching loop hashes its keys, and inlined twice it was 300 bytes more.)
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  static func hash(_ key: String) -> Int {
    // Embedded Swift's strings are all UTF-8, so there `withUTF8` alone reads them in place.
    #if !hasFeature(Embedded)
    if let hash = key.utf8.withContiguousStorageIfAvailable(hashBytes) { return hash }
    #endif
    var key = key
    return key.withUTF8(hashBytes)
  }

  // A function of the bytes alone: a closure capturing a `var hasher` would box it and check
  // exclusive access to it at run time, twice per key, which cost as much as the hashing.
  #if hasFeature(Embedded)
  /// FNV-1a over the bytes, then a 64-bit finalizer that spreads every byte into both the low
  /// bits (the slot) and the high ones (the entry's hash bits). In the WebAssembly module the
  /// standard library's `Hasher` is seeded by a fixed stream (NavDOMWasmLibc's
  /// `arc4random_buf`: a module has no entropy without host imports), so it guarded no more
  /// than this does, and it cost 1.7 KB of code (SipHash, its seeding and its byte buffering).
  static func hashBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    hash ^= hash >> 33
    hash &*= 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    hash &*= 0xc4ce_b9fe_1a85_ec53
    hash ^= hash >> 33
    return Int(truncatingIfNeeded: hash)
  }
  #else
  /// The standard library's `Hasher`: seeded per process, so keys chosen to collide (a hostile
  /// list) cannot make the diff quadratic.
  static func hashBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    return hasher.finalize()
  }
  #endif
}

extension Array {
  /// The array's elements and storage, leaving it empty: the storage moves on uniquely
  /// referenced, so whoever takes it can reuse its capacity without a copy.
  mutating func takeAll() -> [Element] {
    var taken: [Element] = []
    swap(&self, &taken)
    return taken
  }
}
