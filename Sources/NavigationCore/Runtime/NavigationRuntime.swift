import HTMLRenderer
import VirtualDOM

/// Runs a view: renders it, re-renders when what it read changes, diffs, and hands out patches;
/// routes DOM events back to the Swift closures.
///
/// The runtime renders once at creation (the server's first paint, ``renderHTML(style:)``). A
/// model change marks the render pending; ``takePendingPatches()`` re-renders and hands out the
/// patches. An event from the DOM goes through
/// ``dispatch(id:event:payload:)``, which calls the newest closure, settles everything it
/// caused (re-render, `onDismiss`, tasks) and returns the patches.
///
/// ```swift
/// let model = AppModel()
/// let runtime = NavigationRuntime(model: model) { model in AppView(model) }
/// let html = try runtime.renderHTML()             // <main>…</main>, numbered from 1
/// let batch = try runtime.dispatch(id: 4, event: "click").get()
/// send(batch.patches)
/// ```
///
/// Each runtime is its own world: its observers, transactions, render passes and warnings are
/// its own, so runtimes on different threads run at once without meeting. One runtime is used
/// from one thread at a time (the one that owns its models); a server serializes each session.
public final class NavigationRuntime {
  private let view: () -> Node
  private let models: [AnyObject]
  private let memory = NavigationMemory()
  /// This runtime's observation, transaction, render passes and warnings.
  let state = RuntimeState()
  private var token: ObserveToken?
  private var isMounted = false
  private var pendingBatches: [PatchBatch] = []
  private var pendingEffects: [() -> Void] = []
  /// The roots a render replaced, kept while `defersReleaseOfReplacedTree` is set.
  private var replacedRoots: [Node] = []

  /// Whether a render keeps the tree it replaced until ``releaseReplacedTree()`` (or the next
  /// render), instead of freeing it as it diffs. A browser's module sets it: freeing a tree is a
  /// release per element (in the benchmark app's module, about 1 ms for 1,000 table rows and 8
  /// for 10,000), which then comes after the page has its patches rather than before. At most
  /// one replaced tree is kept.
  package var defersReleaseOfReplacedTree = false

  /// Frees the tree the last render replaced, when `defersReleaseOfReplacedTree` kept it.
  package func releaseReplacedTree() {
    replacedRoots = []
  }

  /// The mounted tree: the current nodes and their ids.
  ///
  /// ```swift
  /// runtime.mountedTree.forEachNode { id, node in print(id, node) }
  /// ```
  public private(set) var mountedTree = MountedTree([])

  /// The top-most page's or presentation's ``VirtualDOM/Node/navigationTitle(_:)`` after the last render,
  /// `nil` when none has one.
  ///
  /// ```swift
  /// runtime.title   // "Keyboard" on the item's page
  /// ```
  public private(set) var title: String?

  /// Starts running `view`, which is rendered at once.
  ///
  /// ```swift
  /// let runtime = NavigationRuntime { AppView(model) }
  /// ```
  ///
  /// - Parameter view: Builds the whole page from the models it captures (which it keeps alive).
  public init(view: @escaping () -> Node) {
    self.view = view
    self.models = []
    start()
  }

  /// Starts running `view`, keeping `models` alive as long as the runtime (the portable form of
  /// ``init(model:view:)``).
  ///
  /// ```swift
  /// let model = AppModel()
  /// let runtime = NavigationRuntime(retaining: [model]) { AppView(model) }
  /// ```
  ///
  /// - Parameters:
  ///   - models: The models the view reads.
  ///   - view: Builds the page.
  public init(retaining models: [AnyObject], view: @escaping () -> Node) {
    self.view = view
    self.models = models
    start()
  }

  #if !hasFeature(Embedded)
    /// Starts running `view` with `model`, which the runtime keeps alive (native only: Embedded
    /// Swift has no generic methods on classes; use ``init(retaining:view:)`` there).
    ///
    /// ```swift
    /// let runtime = NavigationRuntime(model: AppModel()) { model in AppView(model) }
    /// ```
    ///
    /// - Parameters:
    ///   - model: The root model.
    ///   - view: Builds the page from the model.
    public convenience init<Model: AnyObject>(model: Model, view: @escaping (Model) -> Node) {
      self.init(retaining: [model], view: { view(model) })
    }
  #endif

  deinit {
    state.enter {
      token?.cancel()
      memory.cancelAll()
    }
  }

  private func start() {
    state.enter {
      token = observe { [unowned(unsafe) self] transaction in
        self.renderPass(transaction: transaction)
      }
      settle()
    }
    pendingBatches.removeAll()  // the first paint already shows whatever settling changed
  }

  /// Receives this runtime's warnings (a duplicate key, a push outside a stack, …); `nil`, the
  /// default, sends them to the ``NavigationWarnings/handler`` of the thread it works on.
  ///
  /// ```swift
  /// runtime.warningHandler = { message in warnings.append(message) }
  /// ```
  public var warningHandler: ((String) -> Void)? {
    get { state.warningHandler }
    set { state.warningHandler = newValue }
  }

  /// Runs `body` inside this runtime: `observe`, ``withUITransaction(_:_:)`` and
  /// ``ObservationScheduler`` calls in it act on the runtime's own observation, as they do in its
  /// views and event handlers. Model changes need no `perform`: they reach the runtime's
  /// observers from anywhere.
  ///
  /// ```swift
  /// runtime.perform { ObservationScheduler.flush() }
  /// ```
  public func perform(_ body: () -> Void) {
    state.enter(body)
  }

  /// The root nodes as last rendered.
  ///
  /// ```swift
  /// let nodes = runtime.nodes
  /// ```
  public var nodes: [Node] { mountedTree.roots }

  /// The current page as HTML for the container (id 0); hydration numbers it from 1, as the
  /// runtime does.
  ///
  /// ```swift
  /// let html = try runtime.renderHTML()                 // compact, hydratable
  /// let snapshot = try runtime.renderHTML(style: .pretty)
  /// ```
  ///
  /// - Parameter style: `.compact` (default, hydratable) or `.pretty` (snapshots).
  /// - Returns: The HTML of the root nodes.
  public func renderHTML(style: Serializer.Style = .compact) throws(RenderError) -> String {
    try HTMLRenderer.renderHTML(mountedTree.roots, style: style)
  }

  /// Whether model changes wait to be turned into patches, or patches wait to be taken.
  ///
  /// ```swift
  /// timer.fire()        // model.count += 1
  /// runtime.hasPendingChanges  // true
  /// ```
  public var hasPendingChanges: Bool {
    !pendingBatches.isEmpty || !pendingEffects.isEmpty || !state.pending.isEmpty
  }

  /// Re-renders for pending model changes (changes made without an event: timers, network) and
  /// returns every batch not yet taken, oldest first.
  ///
  /// ```swift
  /// model.count += 1
  /// for batch in runtime.takePendingPatches() { send(batch.patches) }
  /// ```
  public func takePendingPatches() -> [PatchBatch] {
    state.enter { settle() }
    let batches = pendingBatches
    pendingBatches.removeAll()
    return batches
  }

  /// Delivers a DOM event to the closure listening for it on node `id`, then settles what it
  /// changed.
  ///
  /// The closures listening for `event` on `id` run in order, those with a key filter only
  /// when the payload's key and modifiers pass it (VirtualDOM's `EventOptions.accepts(_:)`). An id not in the current tree (stale or
  /// unknown) or an event the element does not listen to is rejected and changes nothing. The
  /// returned batch holds every patch not yet taken (normally just those this event caused), with
  /// their transactions merged.
  ///
  /// ```swift
  /// let result = runtime.dispatch(id: 9, event: "input", payload: EventPayload(value: "Key"))
  /// ```
  ///
  /// - Parameters:
  ///   - id: The target element's node id.
  ///   - event: The event name (`click`, `input`, `cancel`, `close`, …).
  ///   - payload: The event's data.
  /// - Returns: The patches, or why the event was rejected.
  public func dispatch(
    id: NodeID, event: String, payload: EventPayload = EventPayload()
  ) -> Result<PatchBatch, DispatchError> {
    let node = id > 0 ? mountedTree.node(withID: id) : nil
    guard let node, case .element(let element) = node else {
      if node != nil { return .failure(.notListening(id, event: event)) }
      return .failure(id > 0 && id < mountedTree.nextID ? .staleNode(id) : .unknownNode(id))
    }
    let listeners = element.listeners.filter { DOMString.equal($0.event, event) }
    if listeners.isEmpty { return .failure(.notListening(id, event: event)) }
    // Every listener of the event whose key filter passes runs, in order (a field can listen
    // for Enter and for Escape); the page filtered already, this keeps a forged event out.
    state.enter {
      for listener in listeners where listener.options.accepts(payload) { listener.handler.handle(payload) }
    }
    return .success(PatchBatch(merging: takePendingPatches()))
  }

  /// The refusal of the topmost presentation that refuses the user's dismissal now
  /// (``VirtualDOM/Node/interactiveDismissDisabled(_:onDismissAttempt:)``), if one does.
  var dismissalRefusal: (() -> Void)? {
    for record in memory.presented.reversed() {
      if let refusal = record.refusal { return refusal }
    }
    return nil
  }

  /// `nodes` with each unkeyed element keyed `navigation-root-TAG-N` (its tag, and how many
  /// elements of that tag come before it).
  static func structurallyKeyed(_ nodes: [Node]) -> [Node] {
    var seen: [(tag: String, count: Int)] = []
    var keyed: [Node] = []
    keyed.reserveCapacity(nodes.count)
    for node in nodes {
      guard case .element(let element) = node, element.key == nil else {
        keyed.append(node)
        continue
      }
      let tag = element.tag
      var count = 0
      if let index = seen.firstIndex(where: { DOMString.equal($0.tag, tag) }) {
        count = seen[index].count
        seen[index].count += 1
      } else {
        seen.append((tag, 1))
      }
      keyed.append(.element(element.with(key: "navigation-root-" + tag + "-" + String(count))))
    }
    return keyed
  }

  /// Flushes observers and runs the effects of each render (`onDismiss`, task starts and
  /// cancellations) until nothing more changes.
  private func settle() {
    var rounds = 0
    repeat {
      state.flush(passLimit: 100)
      let effects = pendingEffects
      pendingEffects.removeAll()
      for effect in effects { effect() }
      rounds += 1
    } while (!pendingEffects.isEmpty || !state.pending.isEmpty) && rounds < 100
  }

  private func renderPass(transaction: UITransaction) {
    let context = RenderContext(memory: memory)
    let root = context.run { view() }
    var roots: [Node]
    title = context.title
    // The app's root nodes, then the presented dialogs (the top layer), all keyed: a dialog
    // keeps its node while others come and go before it. The root's own nodes are keyed by
    // their tag and how many of that tag come before them, unless they have a key: a section
    // that an `if` shows or hides (`main`, `footer`) then changes only itself, where keys by
    // place would shift every sibling after it.
    roots = Self.structurallyKeyed(root.flattened)
    roots += context.topLayer
    if isMounted {
      // A render pass runs inside this runtime's state, so the plain report reaches its handler.
      let options = DiffOptions { key in
        NavigationWarnings.report("two siblings share the key \"\(key)\"; keys must be unique among siblings")
      }
      // Kept here, the replaced tree outlives the update, which would free it (and frees the
      // one kept before, if the host has not yet).
      if defersReleaseOfReplacedTree { replacedRoots = mountedTree.roots }
      let patches = mountedTree.update(to: roots, options: options)
      if !patches.isEmpty {
        pendingBatches.append(PatchBatch(patches: patches, transaction: transaction))
      }
    } else {
      mountedTree = MountedTree(roots)
      isMounted = true
    }
    pendingEffects += memory.commit(context)
  }
}
