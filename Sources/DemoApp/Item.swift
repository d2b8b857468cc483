/// An inventory item.
public struct Item: Hashable, Identifiable, Sendable {
  public var id: Int
  public var name: String
  public var color: ItemColor

  public init(id: Int, name: String, color: ItemColor) {
    self.id = id
    self.name = name
    self.color = color
  }
}

/// The colors an item can have, in the order the color picker lists them.
public enum ItemColor: String, CaseIterable, Hashable, Sendable {
  case red, green, blue, yellow

  /// The name people read: "Red", "Green", …
  public var name: String {
    switch self {
    case .red: return "Red"
    case .green: return "Green"
    case .blue: return "Blue"
    case .yellow: return "Yellow"
    }
  }
}
