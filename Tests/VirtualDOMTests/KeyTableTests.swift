import Testing

@testable import VirtualDOM
import VirtualDOMTesting

/// The keyed diff's `KeyTable` keeps 32 bits of each key's hash and compares keys only when
/// those match: these lists reach the comparisons that the benchmark lists never need.
@Suite struct KeyTableTests {
  /// Two different keys with the same hash bits and the same first slot in a table of 8, so
  /// the second one's probe meets the first one's entry. (The hash is seeded per process: the
  /// pair is searched for, about 2^17.5 keys on average.)
  static let collidingKeys: (String, String) = {
    var seen: [UInt64: String] = [:]
    var number = 0
    while true {
      let key = "k\(number)"
      let hash = KeyTable.hash(key)
      let bits = KeyTable.hashBits(of: hash) | UInt64(hash & 7)
      if let other = seen[bits] { return (other, key) }
      seen[bits] = key
      number += 1
    }
  }()

  @Test func keysWithTheSameHashBitsAreStillDifferentKeys() throws {
    let (first, second) = Self.collidingKeys
    var reported: [String] = []
    let options = DiffOptions { reported.append($0) }

    let swapped = (
      ul { li(.key(first)) { "1" }; li(.key(second)) { "2" } }, ul { li(.key(second)) { "2" }; li(.key(first)) { "1" } }
    )
    let moves = diff(swapped.0, swapped.1, options: options)
    #expect(moves.map(\.operation) == ["move"])
    var dom = MemoryDOM(mounting: [swapped.0])
    try dom.apply(moves)
    #expect(dom.roots == [swapped.1])

    let replaced = (ul { li(.key(first)) { "1" } }, ul { li(.key(second)) { "1" } })
    #expect(diff(replaced.0, replaced.1, options: options).map(\.operation) == ["clear", "insert"])
    #expect(reported.isEmpty)
  }

  @Test func duplicateKeysOnlyOldChildrenHaveAreReportedOnce() throws {
    var reported: [String] = []
    let options = DiffOptions { reported.append($0) }
    let old = ul { li(.key("x")) { "1" }; li(.key("x")) { "2" }; li(.key("y")) { "3" }; li(.key("k")) { "4" } }
    let new = ul { li(.key("z")) { "5" }; li(.key("k")) { "4" } }
    let patches = diff(old, new, options: options)
    #expect(reported == ["x"])
    #expect(patches.map(\.operation) == ["remove", "remove", "remove", "insert"])
    var dom = MemoryDOM(mounting: [old])
    try dom.apply(patches)
    #expect(dom.roots == [new])
  }

  @Test func aListWhereEveryKeyDiffersIsClearedAndRebuilt() {
    var reported: [String] = []
    let options = DiffOptions { reported.append($0) }
    let old = ul { for number in 0..<300 { li(.key("old-\(number)")) { "\(number)" } } }
    let new = ul { for number in 0..<300 { li(.key("new-\(number)")) { "\(number)" } } }
    let patches = diff(old, new, options: options)
    #expect(patches.map(\.operation) == ["clear"] + Array(repeating: "insert", count: 300))
    #expect(reported.isEmpty)
  }

  /// Duplicates among the first 8, in the middle and among the last 8 children of a long list
  /// are all found, and reported in the order the children come (the new list's, then the old
  /// list's).
  @Test func duplicatesAreFoundWhereverTheyFallInALongList() throws {
    var reported: [String] = []
    let options = DiffOptions { reported.append($0) }
    var oldKeys = (0..<30).map { "o\($0)" }
    oldKeys[3] = "x"
    oldKeys[25] = "x"
    oldKeys[28] = "a"
    var newKeys = (0..<30).map { "n\($0)" }
    (newKeys[0], newKeys[1]) = ("a", "a")
    (newKeys[12], newKeys[17]) = ("b", "b")
    (newKeys[28], newKeys[29]) = ("c", "c")
    (newKeys[5], newKeys[6]) = ("o7", "o4")
    let old = ul { for key in oldKeys { li(.key(key)) { key } } }
    let new = ul { for key in newKeys { li(.key(key)) { key } } }

    let patches = diff(old, new, options: options)
    #expect(reported == ["a", "b", "c", "x"])
    var dom = MemoryDOM(mounting: [old])
    try dom.apply(patches)
    #expect(dom.roots == [new])
  }

  /// A list turned by one (its last child moved first) with a duplicate key past the first
  /// 8 children: the duplicate is reported from each list, and the patches still apply.
  @Test func aTurnedListWithALateDuplicateIsReportedFromBothLists() throws {
    var reported: [String] = []
    let options = DiffOptions { reported.append($0) }
    var oldKeys = (0..<20).map { "k\($0)" }
    oldKeys[15] = "k10"
    let newKeys = [oldKeys[19]] + oldKeys[0..<19]
    let old = ul { for key in oldKeys { li(.key(key)) { key } } }
    let new = ul { for key in newKeys { li(.key(key)) { key } } }

    let patches = diff(old, new, options: options)
    // Once as the new list has it twice, once as the old one does.
    #expect(reported == ["k10", "k10"])
    #expect(patches.map(\.operation) == ["remove", "insert", "move"])
    var dom = MemoryDOM(mounting: [old])
    try dom.apply(patches)
    #expect(dom.roots == [new])
  }
}
