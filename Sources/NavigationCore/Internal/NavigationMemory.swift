/// What a runtime remembers between render passes: which presentations are up (and how to tell
/// them they were dismissed), which tasks run (and how to cancel them), and each stack's page keys.
final class NavigationMemory {
  private(set) var presented: [PresentationRecord] = []
  private var runningTasks: [(key: String, cancel: () -> Void)] = []
  var stacks: [String: StackMemory] = [:]
  var nextPageGeneration = 0

  /// Compares a finished pass with the previous one and returns the effects to run after it:
  /// cancel tasks whose scope went away, call `onDismiss` of presentations that went away
  /// (innermost first), then start new tasks.
  func commit(_ context: RenderContext) -> [() -> Void] {
    var effects: [() -> Void] = []
    var liveKeys: Set<String> = []
    for record in context.presentations { liveKeys.insert(record.key) }
    var taskKeys: Set<String> = []
    for task in context.tasks { taskKeys.insert(task.key) }

    var keptTasks: [(key: String, cancel: () -> Void)] = []
    for task in runningTasks.reversed() {
      if taskKeys.contains(task.key) {
        keptTasks.insert(task, at: 0)
      } else {
        effects.append(task.cancel)
      }
    }
    for record in presented.reversed() where !liveKeys.contains(record.key) {
      if let onDismiss = record.onDismiss { effects.append(onDismiss) }
    }
    var runningKeys: Set<String> = []
    for task in keptTasks { runningKeys.insert(task.key) }
    runningTasks = keptTasks
    for task in context.tasks where !runningKeys.contains(task.key) {
      // Started after this pass; its cancel closure is filled in when it runs.
      let slot = CancelSlot()
      runningTasks.append((key: task.key, cancel: { slot.cancel() }))
      let start = task.start
      effects.append { slot.cancelAction = start() }
    }
    presented = context.presentations
    // Forget page keys of stacks that were not rendered.
    var liveStacks: Set<String> = []
    for stack in context.renderedStackKeys { liveStacks.insert(stack) }
    for key in Array(stacks.keys) where !liveStacks.contains(key) { stacks[key] = nil }
    return effects
  }

  /// Cancels every running task (the runtime is going away).
  func cancelAll() {
    for task in runningTasks.reversed() { task.cancel() }
    runningTasks.removeAll()
    presented.removeAll()
  }
}

/// Holds the cancel action of a task that has not started yet.
final class CancelSlot {
  var cancelAction: (() -> Void)?
  private var isCancelled = false

  func cancel() {
    guard !isCancelled else { return }
    isCancelled = true
    cancelAction?()
    cancelAction = nil
  }
}

/// A stack's path at its last render, and the key of each page, so an appended value gets a new
/// page (even when equal to the one below) and a changed value replaces its page.
struct StackMemory {
  var path: [UINavigationPath.Element] = []
  var pageKeys: [String] = []
}
