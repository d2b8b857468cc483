import VirtualDOM

/// How many times each key was claimed in one render pass.
///
/// A list scanned in order rather than a `[String: Int]`: a pass claims a handful of keys (one per
/// visible presentation and stack), and a dictionary here would inline String hashing and a
/// dictionary specialisation into every caller, which the WebAssembly module pays for in size.
struct ClaimCounts {
  private var keys: [String] = []
  private var counts: [Int] = []

  /// Records one more claim of `key` and returns how many claims it had before (0 the first time).
  mutating func claim(_ key: String) -> Int {
    for index in keys.indices where DOMString.equal(keys[index], key) {
      counts[index] += 1
      return counts[index] - 1
    }
    keys.append(key)
    counts.append(1)
    return 0
  }
}
