/// The keyed diff's last phase keeps the matched children that are already in order, and
/// moves only the others: the ones outside a longest increasing subsequence of their old
/// indices (n - |LIS| moves, the fewest possible).
extension Differ {
  /// Indices (ascending) of a longest strictly increasing subsequence of `values`, skipping -1.
  static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    var predecessors = [Int](repeating: -1, count: values.count)
    var tails: [Int] = []  // tails[k]: index of the smallest tail of an increasing run of length k + 1
    tails.reserveCapacity(values.count)
    for (index, value) in values.enumerated() where value != -1 {
      // A value above the longest run's tail extends it: the common case (a list with a few
      // moves is mostly increasing), and no search, so such lists take linear time.
      if let last = tails.last, values[last] < value {
        predecessors[index] = last
        tails.append(index)
        continue
      }
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { predecessors[index] = tails[low - 1] }
      if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result = [Int](repeating: 0, count: tails.count)
    var cursor = tails.last ?? -1
    var slot = tails.count - 1
    while cursor != -1 {
      result[slot] = cursor
      slot -= 1
      cursor = predecessors[cursor]
    }
    return result
  }
}
