import VirtualDOM

/// What a runtime remembers between render passes: which presentations are up (and how to tell
/// them they were dismissed), which tasks run (and how to cancel them), and each stack's page keys.
///
/// Keys are kept in lists and looked up in order, not in sets and dictionaries: a page has a
/// handful of presentations, tasks and stacks, and String-keyed hashing would cost the
/// WebAssembly module a set and a dictionary specialisation for no speed it could measure.
final class NavigationMemory {
  private(set) var presented: [PresentationRecord] = []
  private var runningTasks: [(key: String, cancel: () -> Void)] = []
  private var stacks: [StackMemory] = []
  var nextPageGeneration = 0

  /// Compares a finished pass with the previous one and returns the effects to run after it:
  /// cancel tasks whose scope went away, call `onDismiss` of presentations that went away
  /// (innermost first), then start new tasks.
  func commit(_ context: RenderContext) -> [() -> Void] {
    var effects: [() -> Void] = []
    var liveKeys: [String] = []
    for record in context.presentations { liveKeys.append(record.key) }
    var taskKeys: [String] = []
    for task in context.tasks { taskKeys.append(task.key) }

    var keptTasks: [(key: String, cancel: () -> Void)] = []
    for task in runningTasks.reversed() {
      if taskKeys.holds(task.key) {
        keptTasks.insert(task, at: 0)
      } else {
        effects.append(task.cancel)
      }
    }
    // State follows what is shown: a presentation that went away with its presenter (a page
    // popped, a parent dismissed) has its binding written nil (a no-op when it already is, or
    // presents something else now), and a stack inside a presentation or page that went away
    // is emptied (its record's release), so presenting again brings nothing stale back.
    var livePresentationIDs: [String] = []
    for record in context.presentations {
      if let id = record.presentationID { livePresentationIDs.append(id) }
    }
    for record in presented.reversed() where !liveKeys.holds(record.key) {
      let isStillShown = record.presentationID.map { livePresentationIDs.holds($0) } ?? false
      if !isStillShown, let release = record.release { effects.append(release) }
      if let onDismiss = record.onDismiss { effects.append(onDismiss) }
    }
    var runningKeys: [String] = []
    for task in keptTasks { runningKeys.append(task.key) }
    runningTasks = keptTasks
    for task in context.tasks where !runningKeys.holds(task.key) {
      // Started after this pass; its cancel closure is filled in when it runs.
      let slot = CancelSlot()
      runningTasks.append((key: task.key, cancel: { slot.cancel() }))
      let start = task.start
      effects.append { slot.cancelAction = start() }
    }
    presented = context.presentations
    // Forget page keys of stacks that were not rendered.
    stacks.removeAll { !context.renderedStackKeys.holds($0.key) }
    return effects
  }

  /// The stack keyed `key` as it was last rendered (no pages when it was not).
  func stack(_ key: String) -> StackMemory {
    for stack in stacks where DOMString.equal(stack.key, key) { return stack }
    return StackMemory(key: key)
  }

  /// Remembers `stack` for its key, replacing what was there.
  func remember(_ stack: StackMemory) {
    for index in stacks.indices where DOMString.equal(stacks[index].key, stack.key) {
      stacks[index] = stack
      return
    }
    stacks.append(stack)
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
  var key: String
  var path: [UINavigationPath.Element] = []
  var pageKeys: [String] = []
}

extension Array where Element == String {
  /// Whether the list holds `key`, compared code point by code point (`DOMString.equal`, as
  /// keys are everywhere else; `contains` would compare by canonical equivalence).
  func holds(_ key: String) -> Bool {
    contains { DOMString.equal($0, key) }
  }
}
