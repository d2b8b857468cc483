/// The js-framework-benchmark operations, as changes from one list of rows to another.
///
/// ```swift
/// let (before, after) = Operation.swapRows.apply(to: Row.make(1_000))
/// ```
public enum Operation: String, CaseIterable, Sendable {
  case unchanged
  case swapRows
  case removeOne
  case updateEveryTenth
  case select
  case moveLastToFirst
  case appendThousand
  case clear
  case replaceAll

  /// The table before and after the operation, and the selected row after it.
  public struct Change {
    public var before: [Row]
    public var after: [Row]
    public var selectedAfter: Int?
  }

  /// Applies the operation to `rows` (1,000 rows in the benchmark).
  public func apply(to rows: [Row]) -> Change {
    var after = rows
    var selected: Int? = nil
    switch self {
    case .unchanged:
      break
    case .swapRows:
      if after.count > 998 { after.swapAt(1, 998) }
    case .removeOne:
      if after.count > 1 { after.remove(at: 1) }
    case .updateEveryTenth:
      var index = 0
      while index < after.count {
        after[index].label += " !!!"
        index += 10
      }
    case .select:
      selected = rows.count > 1 ? rows[1].id : nil
    case .moveLastToFirst:
      if let last = after.popLast() { after.insert(last, at: 0) }
    case .appendThousand:
      after += Row.make(1_000, firstID: (rows.last?.id ?? 0) + 1)
    case .clear:
      after = []
    case .replaceAll:
      after = Row.make(rows.count, firstID: (rows.last?.id ?? 0) + 1)
    }
    return Change(before: rows, after: after, selectedAfter: selected)
  }
}
