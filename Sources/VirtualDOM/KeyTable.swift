/// The keyed diff's table from a key to what is known about it (`Differ.KeySlot`).
///
/// Keys are compared as the DOM compares strings, by their bytes (`DOMString.same`), and hashed
/// by their bytes. A `Dictionary<String, …>` would hash and compare by canonical
/// equivalence instead: a different notion of "the same key" than the rest of the diff, and,
/// in the WebAssembly module, the whole of the standard library's Unicode-aware string hashing.
/// Open addressing with linear probing, sized once for the keys of one list.
struct KeyTable {
  private var keys: [String]
  private var slots: [Differ.KeySlot]
  private var used: [Bool]
  private let mask: Int

  /// A table for up to `count` keys.
  init(count: Int) {
    var capacity = 8
    while capacity < count * 2 { capacity *= 2 }
    keys = [String](repeating: "", count: capacity)
    slots = [Differ.KeySlot](repeating: Differ.KeySlot(), count: capacity)
    used = [Bool](repeating: false, count: capacity)
    mask = capacity - 1
  }

  /// Calls `body` with the slot of `key`, made empty the first time the key is seen.
  mutating func withSlot<Result>(for key: String, _ body: (inout Differ.KeySlot) -> Result) -> Result {
    var index = Self.hash(key) & mask
    while used[index] {
      if DOMString.same(keys[index], key) { return body(&slots[index]) }
      index = (index + 1) & mask
    }
    used[index] = true
    keys[index] = key
    return body(&slots[index])
  }

  /// The standard library's `Hasher` over the key's bytes: seeded per process, so keys chosen
  /// to collide (a hostile list) cannot make the diff quadratic.
  private static func hash(_ key: String) -> Int {
    var hasher = Hasher()
    func mix(_ bytes: UnsafeBufferPointer<UInt8>) { hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }
    if key.utf8.withContiguousStorageIfAvailable(mix) == nil {
      var key = key
      key.withUTF8(mix)
    }
    return hasher.finalize()
  }
}
