/// A row of the js-framework-benchmark table.
///
/// Labels are deterministic and match `Scripts/react/render-table.js`, so the same table can be
/// rendered by React and by us and compared byte for byte.
public struct Row: Equatable, Sendable {
  public var id: Int
  public var label: String

  public init(id: Int, label: String) {
    self.id = id
    self.label = label
  }

  static let adjectives = [
    "pretty", "large", "big", "small", "tall", "short", "long", "handsome", "plain", "quaint",
    "clean", "elegant", "easy", "angry", "crazy", "helpful", "mushy", "odd", "unsightly",
    "adorable", "important", "inexpensive", "cheap", "expensive", "fancy",
  ]
  static let colours = [
    "red", "yellow", "blue", "green", "pink", "brown", "purple", "brown", "white", "black", "orange",
  ]
  static let nouns = [
    "table", "chair", "house", "bbq", "desk", "car", "pony", "cookie", "sandwich", "burger",
    "pizza", "mouse", "keyboard",
  ]

  /// `count` rows with ids from `firstID`, labelled as rows.js labels them.
  public static func make(_ count: Int, firstID: Int = 1) -> [Row] {
    var rows: [Row] = []
    rows.reserveCapacity(count)
    for offset in 0..<count {
      let i = firstID - 1 + offset
      let label =
        adjectives[i % adjectives.count] + " " + colours[i % colours.count] + " " + nouns[i % nouns.count]
      rows.append(Row(id: i + 1, label: label))
    }
    return rows
  }
}
