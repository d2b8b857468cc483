import NavigationCore

final class TodoListModel {
  @Observed var titles: [String] = []
  func add(_ title: String) { titles.append(title) }
  func commit(_ title: String) {}
  func cancel() {}
  func undo() {}
}
@MainActor let model = TodoListModel()
