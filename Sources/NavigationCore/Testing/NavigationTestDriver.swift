import HTMLRenderer
import VirtualDOM

/// The page driver's implementation, which `PageDriver` in NavigationTesting is: write
/// `PageDriver` in tests (this name's initializers are deprecated, and the implementation moves
/// into NavigationTesting in the next minor version).
///
/// Drives a rendered view as a person would (press a button by its text, press Escape, go back,
/// type into a labelled field) and records what changed, so navigation flows are testable
/// without a browser.
///
/// While a dialog is open only its content can be pressed (dialogs are modal), and hidden pages
/// cannot be reached. Every action dispatches the same event the browser would, through the
/// ``NavigationRuntime``, and keeps the resulting patches in ``lastPatches``.
///
/// ```swift
/// let driver: NavigationTestDriver = PageDriver(model: AppModel()) { model in AppView(model) }
/// try driver.press("Delete")
/// #expect(driver.html.contains("role=\"alertdialog\""))
/// ```
open class NavigationTestDriver {
  /// The runtime being driven.
  ///
  /// ```swift
  /// driver.runtime.hasPendingChanges
  /// ```
  public let runtime: NavigationRuntime

  /// The patches of the last action (or ``settle()``), as one list.
  ///
  /// ```swift
  /// try driver.pressEscape()
  /// #expect(driver.lastPatches.count == 1)
  /// ```
  public private(set) var lastPatches: [Patch] = []

  /// The transaction of the last action's changes.
  ///
  /// ```swift
  /// #expect(driver.lastTransaction.disablesAnimations)
  /// ```
  public private(set) var lastTransaction = UITransaction()

  /// ``lastPatches`` in words, one line per patch, nodes named as they were before the change.
  ///
  /// ```swift
  /// #expect(driver.lastChangeDescription == ["remove #7 <dialog …> \"Edit\""])
  /// ```
  public private(set) var lastChangeDescription: [String] = []

  /// Drives `runtime`; `PageDriver`'s initializers call it.
  package init(driving runtime: NavigationRuntime) {
    self.runtime = runtime
  }

  /// Drives an existing runtime.
  ///
  /// ```swift
  /// let driver = PageDriver(runtime: runtime)
  /// ```
  @available(*, deprecated, renamed: "PageDriver.init(runtime:)", message: "import NavigationTesting and write PageDriver(runtime:)")
  public convenience init(runtime: NavigationRuntime) {
    self.init(driving: runtime)
  }

  /// Renders `view` in a new runtime and drives it.
  ///
  /// ```swift
  /// let driver = PageDriver { AppView(model) }
  /// ```
  @available(*, deprecated, renamed: "PageDriver.init(view:)", message: "import NavigationTesting and write PageDriver(view:)")
  public convenience init(view: @escaping () -> Node) {
    self.init(driving: NavigationRuntime(view: view))
  }

  #if !hasFeature(Embedded)
    /// Renders `view` with `model` in a new runtime and drives it (native only).
    ///
    /// ```swift
    /// let driver = PageDriver(model: AppModel()) { model in AppView(model) }
    /// ```
    @available(
      *, deprecated, renamed: "PageDriver.init(model:view:)",
      message: "import NavigationTesting and write PageDriver(model:view:)")
    public convenience init<Model: AnyObject>(model: Model, view: @escaping (Model) -> Node) {
      self.init(driving: NavigationRuntime(model: model, view: view))
    }
  #endif

  /// The current page as pretty HTML (the snapshot form); a render error's message otherwise.
  ///
  /// ```swift
  /// #expect(driver.html == """
  ///   <main>
  ///     <h1>Inventory</h1>
  ///   </main>
  ///   """)
  /// ```
  public var html: String {
    do {
      return try runtime.renderHTML(style: .pretty)
    } catch {
      return "render error: " + error.description
    }
  }

  /// Presses the visible `<button>` or link whose text (or `aria-label`) is `text`.
  ///
  /// While a dialog is open, only buttons in the top dialog count. A button without a click
  /// handler submits its form (`submit` on the form) or, in a `<form method="dialog">`, closes its
  /// dialog (`close`), as a browser would.
  ///
  /// ```swift
  /// try driver.press("Delete")
  /// ```
  ///
  /// - Parameter text: The button's text content, white space collapsed.
  /// - Throws: ``NavigationTestDriverError`` when no button or several match, or the button does
  ///   nothing.
  public func press(_ text: String) throws(NavigationTestDriverError) {
    let elements = TreeWalk.elements(of: runtime.mountedTree)
    let pressable = reachable(in: elements).filter { $0.element.tag == "button" || $0.element.tag == "a" }
    let candidates = pressable.filter { located in
      TreeWalk.text(of: .element(located.element)) == text
        || located.element.attribute("aria-label") == text
    }
    guard candidates.count == 1 else {
      let visible = pressable
        .map { "\"" + TreeWalk.text(of: .element($0.element)) + "\"" }
      let list = visible.isEmpty ? "none" : visible.joined(separator: ", ")
      if candidates.isEmpty {
        throw NavigationTestDriverError("no visible button or link labelled \"\(text)\" (visible: \(list))")
      }
      throw NavigationTestDriverError(
        "\(candidates.count) visible buttons or links are labelled \"\(text)\"; make the label unique")
    }
    let button = candidates[0]
    if button.element.listeners.contains(where: { $0.event == "click" }) {
      return try send(id: button.id, event: "click", payload: EventPayload())
    }
    for ancestor in button.ancestors.reversed() where ancestor.element.tag == "form" {
      if ancestor.element.listeners.contains(where: { $0.event == "submit" }) {
        return try send(id: ancestor.id, event: "submit", payload: EventPayload())
      }
      if ancestor.element.attribute("method") == "dialog",
        let dialog = button.ancestors.last(where: { $0.element.tag == "dialog" })
      {
        return try send(id: dialog.id, event: "close", payload: EventPayload())
      }
    }
    throw NavigationTestDriverError("the button \"\(text)\" does nothing: no click handler and no form")
  }

  /// Presses Escape: sends `cancel` to the top open dialog.
  ///
  /// ```swift
  /// try driver.pressEscape()
  /// ```
  ///
  /// - Throws: ``NavigationTestDriverError`` when no dialog is open.
  public func pressEscape() throws(NavigationTestDriverError) {
    guard let dialog = topDialog(in: TreeWalk.elements(of: runtime.mountedTree)) else {
      throw NavigationTestDriverError("pressEscape(): no dialog is open")
    }
    try send(id: dialog.id, event: "cancel", payload: EventPayload())
  }

  /// Presses the Back button of the innermost navigation stack a person can reach: the one in
  /// the top dialog while a dialog is open (a wizard's stack inside a sheet), else the page's.
  ///
  /// ```swift
  /// try driver.press("Next")   // pushes step 2 inside the wizard sheet
  /// try driver.goBack()        // back to step 1, the sheet stays
  /// ```
  ///
  /// - Throws: ``NavigationTestDriverError`` when the reachable stack has no pushed page.
  public func goBack() throws(NavigationTestDriverError) {
    let elements = TreeWalk.elements(of: runtime.mountedTree)
    let backs = reachable(in: elements).filter {
      // A <button>, or an <a href> when the stack has routes.
      ($0.element.tag == "button" || $0.element.tag == "a") && $0.element.attribute("class") == "navigation-back"
    }
    guard let back = backs.last else {
      if let dialog = topDialog(in: elements) {
        let name = dialog.element.attribute("id") ?? "dialog"
        throw NavigationTestDriverError(
          "goBack(): the top dialog \"\(name)\" has no pushed page; dismiss it first (pressEscape())")
      }
      throw NavigationTestDriverError("goBack(): no page is pushed, so there is no Back button")
    }
    try send(id: back.id, event: "click", payload: EventPayload())
  }

  /// Types `text` into the field labelled `label`: the control a `<label>` with that text names
  /// (through `for` or by containing it), or one with that `aria-label` or `placeholder`. Sends
  /// `input` with the whole new value.
  ///
  /// ```swift
  /// try driver.type("Key", into: "Name")
  /// ```
  ///
  /// - Throws: ``NavigationTestDriverError`` when no field or several match.
  public func type(_ text: String, into label: String) throws(NavigationTestDriverError) {
    let elements = reachable(in: TreeWalk.elements(of: runtime.mountedTree))
    func isControl(_ element: Element) -> Bool {
      element.tag == "input" || element.tag == "textarea" || element.tag == "select"
    }
    var matches: [LocatedElement] = []
    for located in elements where located.element.tag == "label" {
      guard TreeWalk.text(of: .element(located.element)) == label else { continue }
      if let target = located.element.attribute("for") {
        matches += elements.filter { $0.element.attribute("id") == target && isControl($0.element) }
      } else {
        matches += elements.filter { $0.isInside(located.id) && isControl($0.element) }
      }
    }
    for located in elements where isControl(located.element) {
      if located.element.attribute("aria-label") == label || located.element.attribute("placeholder") == label {
        if !matches.contains(where: { $0.id == located.id }) { matches.append(located) }
      }
    }
    guard matches.count == 1 else {
      throw NavigationTestDriverError(
        matches.isEmpty
          ? "no visible field labelled \"\(label)\""
          : "\(matches.count) visible fields are labelled \"\(label)\"; make the label unique")
    }
    try send(id: matches[0].id, event: "input", payload: EventPayload(value: text))
  }

  /// Takes the patches of changes made without an event (timers, code in the test) and records
  /// them as the last change.
  ///
  /// ```swift
  /// model.destination = nil
  /// driver.settle()
  /// #expect(driver.lastPatches.count == 1)
  /// ```
  public func settle() {
    let before = runtime.mountedTree
    let batch = PatchBatch(merging: runtime.takePendingPatches())
    record(batch.patches, transaction: batch.transaction, before: before)
  }

  /// Sends a raw event to node `id`, as the browser would, and records the patches.
  ///
  /// ```swift
  /// try driver.send(id: 12, event: "close")   // e.g. a late event from an old dialog
  /// ```
  ///
  /// - Throws: ``NavigationTestDriverError`` with the runtime's reason when it rejects the event.
  public func send(id: NodeID, event: String, payload: EventPayload = EventPayload()) throws(NavigationTestDriverError) {
    let before = runtime.mountedTree
    switch runtime.dispatch(id: id, event: event, payload: payload) {
    case .success(let batch):
      record(batch.patches, transaction: batch.transaction, before: before)
    case .failure(let error):
      throw NavigationTestDriverError("\(event) on #\(id) was rejected: " + error.reason)
    }
  }

  /// The id of the first element matching `tag` (and `text`) that a person can reach: the top
  /// dialog and its visible content while a dialog is open, else the visible page. When nothing
  /// reachable matches, the covered dialogs are searched from the top down, then the page
  /// beneath them, so a test can still aim a raw event at what lies underneath.
  ///
  /// ```swift
  /// let top = try driver.id(ofTag: "dialog")   // the top dialog, not the first in the document
  /// try driver.send(id: top, event: "cancel")
  /// ```
  ///
  /// - Parameters:
  ///   - tag: The element's tag.
  ///   - text: Its text content, when given.
  /// - Throws: ``NavigationTestDriverError`` when nothing matches.
  public func id(ofTag tag: String, text: String? = nil) throws(NavigationTestDriverError) -> NodeID {
    let elements = TreeWalk.elements(of: runtime.mountedTree)
    var layers = [reachable(in: elements)]
    let dialogs = elements.filter { $0.element.tag == "dialog" && !$0.isHidden }
    for dialog in dialogs.reversed().dropFirst() {
      layers.append([dialog] + elements.filter { $0.isInside(dialog.id) })
    }
    layers.append(elements.filter { located in !dialogs.contains { located.id == $0.id || located.isInside($0.id) } })
    for layer in layers {
      for located in layer where located.element.tag == tag {
        if let text, TreeWalk.text(of: .element(located.element)) != text { continue }
        return located.id
      }
    }
    throw NavigationTestDriverError("no <\(tag)>" + (text.map { " with text \"\($0)\"" } ?? ""))
  }

  /// The open dialogs, bottom to top (the order they were presented in; the last is modal
  /// over the others).
  ///
  /// ```swift
  /// #expect(driver.openDialogs.map(\.id) == ["team", "team-invite", "team-invite-confirm"])
  /// ```
  public var openDialogs: [OpenDialog] {
    TreeWalk.elements(of: runtime.mountedTree)
      .filter { $0.element.tag == "dialog" && !$0.isHidden }
      .map { OpenDialog($0) }
  }

  /// The dialog on top, the one Escape and ``press(_:)`` act on; `nil` while none is open.
  ///
  /// ```swift
  /// try driver.pressEscape()
  /// #expect(driver.topDialog?.id == "team-invite")
  /// ```
  public var topDialog: OpenDialog? {
    topDialog(in: TreeWalk.elements(of: runtime.mountedTree)).map { OpenDialog($0) }
  }

  private func record(_ patches: [Patch], transaction: UITransaction, before: MountedTree) {
    lastPatches = patches
    lastTransaction = transaction
    lastChangeDescription = PatchDescription.lines(for: patches, before: before)
  }

  private func topDialog(in elements: [LocatedElement]) -> LocatedElement? {
    elements.last { $0.element.tag == "dialog" && !$0.isHidden }
  }

  /// What a person can reach: the top dialog and its visible content while one is open, else
  /// the visible page.
  private func reachable(in elements: [LocatedElement]) -> [LocatedElement] {
    if let dialog = topDialog(in: elements) {
      return [dialog] + elements.filter { $0.isInside(dialog.id) && !$0.isHidden }
    }
    return elements.filter { !$0.isHidden }
  }
}

/// Why a ``NavigationTestDriver`` action could not be performed.
///
/// ```swift
/// #expect(throws: NavigationTestDriverError.self) { try driver.press("Missing") }
/// ```
public struct NavigationTestDriverError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, naming the button, field or dialog.
  public var message: String

  /// Creates an error with a message.
  ///
  /// ```swift
  /// throw NavigationTestDriverError("no dialog is open")
  /// ```
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
