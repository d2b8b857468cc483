/// The keyed diff's table from a key to what is known about it (`Differ.KeySlot`).
///
/// Keys are compared as the DOM compares strings, by their bytes (`DOMString.same`), and hashed
/// by their bytes (FNV-1a). A `Dictionary<String, …>` would hash and compare by canonical
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

  private static func hash(_ key: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ bytes: UnsafeBufferPointer<UInt8>) {
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    if key.utf8.withContiguousStorageIfAvailable(mix) == nil {
      var key = key
      key.withUTF8(mix)
    }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32))
  }
}
