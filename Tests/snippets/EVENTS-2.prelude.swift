import NavigationCore

final class Todo {
  @Observed var isDone = false
}
@MainActor let todo = Todo()
