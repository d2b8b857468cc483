import VirtualDOM

/// The todos as the spec asks them kept (`[{"id":1,"title":"…","completed":false}]`), with
/// navdom's portable JSON writer and parser (Foundation's coders are not in Embedded Swift).
///
/// ```swift
/// let text = TodoJSON.encode([Todo(id: 1, title: "buy some cheese")])
/// TodoJSON.decode(text)?.first?.title   // "buy some cheese"
/// TodoJSON.decode("not json")           // nil
/// ```
public enum TodoJSON {
  public static func encode(_ todos: [Todo]) -> String {
    var writer = JSONWriter(capacity: 64 * todos.count + 2)
    writer.raw("[")
    for (index, todo) in todos.enumerated() {
      if index > 0 { writer.raw(",") }
      writer.raw("{\"id\":")
      writer.number(todo.id)
      writer.raw(",\"title\":")
      writer.string(todo.title)
      writer.raw(",\"completed\":")
      writer.bool(todo.completed)
      writer.raw("}")
    }
    writer.raw("]")
    return writer.string
  }

  /// The todos in `text`, or `nil` when it is not a list of them (a stored value from another
  /// version of the app is then ignored, not half read).
  public static func decode(_ text: String) -> [Todo]? {
    guard case .array(let items)? = try? JSONParser.parse(text) else { return nil }
    var todos: [Todo] = []
    for item in items {
      guard let todo = todo(item) else { return nil }
      todos.append(todo)
    }
    return todos
  }

  private static func todo(_ value: JSONValue) -> Todo? {
    guard case .object(let members) = value else { return nil }
    var id: Int?
    var title: String?
    var completed: Bool?
    for member in members {
      switch member.value {
      case .number(let text) where DOMString.equal(member.key, "id"): id = Int(text)
      case .string(let text) where DOMString.equal(member.key, "title"): title = text
      case .bool(let flag) where DOMString.equal(member.key, "completed"): completed = flag
      default: continue
      }
    }
    guard let id, let title, let completed else { return nil }
    return Todo(id: id, title: title, completed: completed)
  }
}
