/// A readable line diff for snapshot failures: `-` lines are in the snapshot, `+` lines are what
/// was rendered, with two lines of context around each change.
enum SnapshotDiff {
  static func lines(expected: String, actual: String, context: Int = 2) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Longest common subsequence table; snapshots are small enough for O(n·m).
    var table = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var edits: [(mark: Character, text: String)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        edits.append((" ", old[i])); i += 1; j += 1
      } else if j < new.count, i == old.count || table[i][j + 1] >= table[i + 1][j] {
        edits.append(("+", new[j])); j += 1
      } else {
        edits.append(("-", old[i])); i += 1
      }
    }
    var shown = [Bool](repeating: false, count: edits.count)
    for (index, edit) in edits.enumerated() where edit.mark != " " {
      for near in max(0, index - context)...min(edits.count - 1, index + context) { shown[near] = true }
    }
    var output: [String] = []
    var skipped = false
    for (index, edit) in edits.enumerated() {
      if shown[index] {
        output.append("\(edit.mark) \(edit.text)")
        skipped = false
      } else if !skipped {
        output.append("  …")
        skipped = true
      }
    }
    return output.joined(separator: "\n")
  }
}
