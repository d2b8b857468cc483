import VirtualDOM

/// What one render pass knows while a view builds its `Node`: the presentation it is inside,
/// the navigation stacks around it, and every presentation and task it met.
///
/// Views reach it through `RenderContext.current`, the innermost pass of the current runtime
/// state (a render started inside another one, e.g. a test rendering a snippet, gets its own). Outside a runtime a temporary
/// context still scopes ids, so plain rendering (`renderHTML(view())`) gives the same markup.
final class RenderContext {
  static var current: RenderContext? { RuntimeState.current.renderPass }

  /// Persistent bookkeeping owned by a runtime (`nil` when rendering without one).
  let memory: NavigationMemory?
  /// The innermost presentation scope the view is inside (the root scope outside all of them);
  /// the others are its `outer` chain. A chain, not an array, like the stacks and the passes:
  /// each array of a class type is its own copy of the array's growth code in the WebAssembly
  /// module, and these only push, pop and read the innermost.
  var scope = PresentationScope(key: "", domID: "")
  /// The innermost navigation stack the view is inside.
  var stack: StackContext?
  /// Every presentation met in this pass, in document order (parents before children).
  var presentations: [PresentationRecord] = []
  /// Every task met in this pass, in document order.
  var tasks: [TaskRecord] = []
  /// The keys of the stacks rendered in this pass.
  var renderedStackKeys: [String] = []
  /// The presented dialogs, in presentation order (parents before children): a runtime renders
  /// them after the app's root, in the container itself, wherever they were attached, so the
  /// HTML stays valid (no `<dialog>` inside a `<ul>`) and each is keyed by its presentation.
  var topLayer: [Node] = []
  /// The last `navigationTitle` met: pages render bottom first and presentations after what
  /// presents them, so it is the top-most one's.
  var title: String?

  /// Whether dialogs go to ``topLayer``: in a runtime's pass. Plain rendering outside a
  /// runtime has no container to put them in, so they follow what presents them there.
  var collectsTopLayer: Bool { memory != nil }
  private var usedKeys = ClaimCounts()
  private var usedDOMIDs = ClaimCounts()

  init(memory: NavigationMemory?) {
    self.memory = memory
  }

  /// Runs `body` with this context current.
  func run<Result>(_ body: () -> Result) -> Result {
    let state = RuntimeState.current
    let outer = state.renderPass
    state.renderPass = self
    defer { state.renderPass = outer }
    return body()
  }

  /// The context of the running pass, or a throwaway one for rendering outside a runtime.
  static func currentOrTemporary() -> RenderContext {
    current ?? RenderContext(memory: nil)
  }

  /// A key unique in this pass for a presentation of `kind` named `name` presenting the item
  /// `identity`, and a DOM id derived from them. Both are deterministic: the same state renders
  /// the same keys.
  ///
  /// Each presentation modifier takes its place whether or not it presents now (see
  /// ``skip(kind:name:)``), so the second unnamed `.sheet` of a scope is the second one even
  /// while the first is absent: two presentations never trade identities.
  func claim(kind: String, name: String, identity: String?) -> (key: String, domID: String) {
    let parent = scope
    let place = nextPlace(kind: kind, name: name)
    var key = place.key
    if let identity { key += "#" + identity }
    var own = DOMIdentifier.forPresentation(presentationKey(name: name, identity: identity), kind: kind)
    // A binding derived from its parent's carries the parent's name too (`team.invite` inside
    // `team`): the parent's id already says it, so the child's id does not repeat it.
    own = DOMIdentifier.dropping(prefix: parent.nameID, from: own)
    if place.ordinal > 0 { own += "-\(place.ordinal + 1)" }
    var domID = parent.domID.isEmpty ? own : parent.domID + "-" + own
    let earlierDOMIDs = usedDOMIDs.claim(domID)
    if earlierDOMIDs > 0 { domID += "-\(earlierDOMIDs + 1)" }
    return (key, domID)
  }

  /// Takes the place of a presentation that presents nothing now.
  func skip(kind: String, name: String) {
    _ = nextPlace(kind: kind, name: name)
  }

  /// The scope-qualified place of the next presentation of `kind` named `name`, and how many
  /// came before it in this pass.
  private func nextPlace(kind: String, name: String) -> (key: String, ordinal: Int) {
    let parent = scope
    var key = kind + ":" + (name.isEmpty ? "presented" : name)
    if !parent.key.isEmpty { key = parent.key + "/" + key }
    let ordinal = usedKeys.claim(key)
    if ordinal > 0 { key += "~\(ordinal + 1)" }
    return (key, ordinal)
  }

  /// Builds a presented child inside its own scope and records the presentation.
  ///
  /// `release` nils the presentation's binding (while it still presents this): the runtime
  /// calls it when the presentation goes away with its presenter, so state follows what is
  /// shown. `name` is the binding's name (empty for pages), which nested ids do not repeat;
  /// `presentationID` what the binding presents (its ``UIBinding/presentationID()``).
  ///
  /// Returns the content and the scope it was built in (what it asked of its presentation,
  /// such as a refused dismissal). Not generic: every presentation's content is a node list,
  /// and one copy is what the WebAssembly module pays for.
  func present(
    key: String, domID: String, name: String = "", presentationID: String? = nil, isModal: Bool = false,
    onDismiss: (() -> Void)?, release: (() -> Void)?, _ body: () -> [Node]
  ) -> (content: [Node], scope: PresentationScope) {
    let index = presentations.count
    presentations.append(
      PresentationRecord(key: key, presentationID: presentationID, onDismiss: onDismiss, release: release))
    let outer = self.scope
    let scope = PresentationScope(
      key: key, domID: domID, nameID: name.isEmpty ? "" : DOMIdentifier.forPresentation(name, kind: ""),
      presentationID: presentationID, isModal: isModal, outer: outer)
    self.scope = scope
    defer { self.scope = outer }
    let content = body()
    presentations[index].refusal = scope.refusal
    return (content, scope)
  }

  /// Records a `NavigationStack` rendered inside a presentation or page: when it goes away
  /// (with them, or on its own), `reset` empties its path. It is kept with the presentations, so
  /// it is reset in their order (innermost first) by the same bookkeeping.
  ///
  /// In a presentation that only moved (see `PresentationRecord.presentationID`) the stack is
  /// the same one: its id is the presentation's with the path's name.
  func recordNestedStack(key: String, pathName: String, reset: @escaping () -> Void) {
    guard !scope.key.isEmpty else { return }  // a stack of the app's root keeps its path
    let id = scope.presentationID.map { $0 + "/stack:" + pathName }
    presentations.append(PresentationRecord(key: key, presentationID: id, onDismiss: nil, release: reset))
  }

  /// The innermost modal presentation's scope the view is building (a sheet's, even inside a
  /// page of a stack in the sheet), or `nil` outside every modal presentation.
  var modalScope: PresentationScope? {
    var scope: PresentationScope? = self.scope
    while let current = scope, !current.isModal { scope = current.outer }
    return scope
  }

  /// Records a task of the current scope.
  func registerTask(start: @escaping () -> (() -> Void)) {
    scope.taskCount += 1
    tasks.append(TaskRecord(key: scope.key + "#task\(scope.taskCount)", start: start))
  }
}

/// A presentation scope: the root, a dialog, or a page.
final class PresentationScope {
  let key: String
  let domID: String
  /// The DOM-safe form of the presentation's binding name (`team-invite`), empty for the root
  /// and pages: the prefix its children's ids drop.
  let nameID: String
  /// What the presentation presents (``UIBinding/presentationID()``); `nil` for pages and the root.
  let presentationID: String?
  /// Whether the scope is a dialog's (a sheet, cover or popover), not a page's or the root's.
  let isModal: Bool
  var taskCount = 0
  /// Set by ``VirtualDOM/Node/interactiveDismissDisabled(_:onDismissAttempt:)`` in the content: what the
  /// user's dismissal calls instead (the attempt, or nothing).
  var refusal: (() -> Void)?
  /// The scope this one is inside; `nil` for the root.
  let outer: PresentationScope?

  init(
    key: String, domID: String, nameID: String = "", presentationID: String? = nil, isModal: Bool = false,
    outer: PresentationScope? = nil
  ) {
    self.outer = outer
    self.key = key
    self.domID = domID
    self.nameID = nameID
    self.presentationID = presentationID
    self.isModal = isModal
  }
}

/// A presentation met during a pass, with the newest `onDismiss` its view gave.
struct PresentationRecord {
  var key: String
  /// What its binding presented (`edit#2`): a presentation whose key changed but which still
  /// presents the same thing (its row moved up a list) is the same one, not to be released.
  var presentationID: String?
  var onDismiss: (() -> Void)?
  /// Nils the binding if it still presents this presentation (see `RenderContext.present`).
  var release: (() -> Void)?
  /// Set while the presentation refuses the user's dismissal: what to call instead.
  var refusal: (() -> Void)?
}

/// A task met during a pass; `start` runs once, when its key first appears.
struct TaskRecord {
  var key: String
  var start: () -> (() -> Void)
}
