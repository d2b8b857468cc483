import Foundation

/// How alike two functions' code is, and the order that follows from it. A function's text is
/// reduced to the set of its token k-grams (tokens: the maximal runs of `[a-z0-9_.]` in its
/// body, so `$` separates a call's target name into tokens and the targets count); two
/// functions are as alike as the share of k-grams they have in common, |A ∩ B| / (1 + |A ∪ B|)
/// (the 1 keeps empty bodies defined, and was in the measured experiments). The k-grams are
/// 64-bit hashes numbered densely, and an inverted index (each k-gram's functions) counts one
/// function's shared k-grams with all the others in one pass over its own.
struct FunctionSimilarity {
  /// Each function's distinct k-grams, as numbers into `holders`.
  private var grams: [[Int32]] = []
  /// For each k-gram, the functions that have it, ascending.
  private var holders: [[Int32]] = []

  init(_ functions: WasmFunctionText, k: Int) {
    var numbers: [UInt64: Int32] = [:]
    for block in functions.blocks.indices {
      var own: [Int32] = []
      for hash in Set(Self.gramHashes(functions.bytes[functions.body(of: block)], k: k)) {
        let number: Int32
        if let known = numbers[hash] {
          number = known
        } else {
          number = Int32(holders.count)
          numbers[hash] = number
          holders.append([])
        }
        holders[Int(number)].append(Int32(block))
        own.append(number)
      }
      grams.append(own)
    }
  }

  /// `[a-z0-9_.]`, by byte: a table, as the plugin's loops run unoptimised.
  private static let tokenBytes = (0..<256).map { byte in
    (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2E
  }

  /// The hashes of the body's token k-grams, in text order, repeats included.
  static func gramHashes(_ body: ArraySlice<UInt8>, k: Int) -> [UInt64] {
    var tokens: [UInt64] = []
    var hash: UInt64?
    body.withUnsafeBufferPointer { buffer in
      for byte in buffer {
        if tokenBytes[Int(byte)] {
          // FNV-1a, a token at a time.
          hash = ((hash ?? 0xcbf2_9ce4_8422_2325) ^ UInt64(byte)) &* 0x100_0000_01b3
        } else if let done = hash {
          tokens.append(done)
          hash = nil
        }
      }
    }
    if let done = hash { tokens.append(done) }
    guard tokens.count >= k else { return [] }
    return (0...(tokens.count - k)).map { start in
      tokens[start..<start + k].reduce(UInt64(0)) { ($0 ^ $1) &* 0x100_0000_01b3 &+ 0x9E37_79B9_7F4A_7C15 }
    }
  }

  /// Greedy nearest neighbour: `prefix` as given, then from `start`, repeatedly the function
  /// left that is most alike the one placed last (ties: the earlier function). Near-copies end
  /// up adjacent, where gzip's 32 KB window sees them; a chain of look-alikes stays together.
  func greedyOrder(after prefix: [Int], from start: Int) -> [Int] {
    let count = grams.count
    var placed = [Bool](repeating: false, count: count)
    var shared = [Int](repeating: 0, count: count)
    var order = prefix + [start]
    for index in order { placed[index] = true }
    while order.count < count {
      let current = order[order.count - 1]
      for index in shared.indices { shared[index] = 0 }
      for gram in grams[current] {
        for holder in holders[Int(gram)] { shared[Int(holder)] += 1 }
      }
      var best = -1
      for candidate in 0..<count where !placed[candidate] {
        if best < 0 || isCloser(candidate, than: best, to: current, shared: shared) { best = candidate }
      }
      placed[best] = true
      order.append(best)
    }
    return order
  }

  /// Whether `candidate` is strictly more alike `current` than `best` is, compared exactly:
  /// a / (1 + u) > b / (1 + v) as a (1 + v) > b (1 + u).
  private func isCloser(_ candidate: Int, than best: Int, to current: Int, shared: [Int]) -> Bool {
    let own = grams[current].count
    let candidateUnion = own + grams[candidate].count - shared[candidate]
    let bestUnion = own + grams[best].count - shared[best]
    return shared[candidate] * (1 + bestUnion) > shared[best] * (1 + candidateUnion)
  }
}
