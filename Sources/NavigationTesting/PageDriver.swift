import NavigationCore
import VirtualDOM

/// Drives a rendered page as a person would (press a button by its text, press Escape, go back,
/// type into a labelled field) and records what changed, so navigation flows are testable
/// without a browser.
///
/// While a dialog is open only its content can be pressed (dialogs are modal), and hidden pages
/// cannot be reached. Every action dispatches the same event the browser would, through the
/// `NavigationRuntime`, and keeps the resulting patches in `lastPatches`; `html` is the page as
/// pretty HTML, the form `assertSnapshot(of:named:)` stores.
///
/// ```swift
/// let driver = PageDriver(model: AppModel()) { model in AppView(model) }
/// try driver.press("Delete")
/// #expect(driver.html.contains("role=\"alertdialog\""))
/// try driver.press("Cancel")
/// #expect(driver.lastChangeDescription == ["remove #5 <dialog id=\"alert\" …>"])
/// ```
///
/// Its actions (`press(_:)`, `pressEscape()`, `goBack()`, `type(_:into:)`, `send(id:event:payload:)`,
/// `id(ofTag:text:)`, `openDialogs`) are those of NavigationCore's `NavigationTestDriver`, the
/// name it had before it moved here; they throw `PageDriverError`.
public final class PageDriver: NavigationTestDriver {
  /// Drives an existing runtime (a live session's, say).
  ///
  /// ```swift
  /// let driver = PageDriver(runtime: session.runtime)
  /// ```
  public init(runtime: NavigationRuntime) {
    super.init(driving: runtime)
  }

  /// Renders `view` in a new runtime and drives it.
  ///
  /// ```swift
  /// let driver = PageDriver { AppView(model) }
  /// ```
  public convenience init(view: @escaping () -> Node) {
    self.init(runtime: NavigationRuntime(view: view))
  }

  #if !hasFeature(Embedded)
    /// Renders `view` with `model` in a new runtime and drives it (native only).
    ///
    /// ```swift
    /// let driver = PageDriver(model: AppModel()) { model in AppView(model) }
    /// ```
    public convenience init<Model: AnyObject>(model: Model, view: @escaping (Model) -> Node) {
      self.init(runtime: NavigationRuntime(model: model, view: view))
    }
  #endif
}

/// Why a `PageDriver` action could not be performed: which button, field or dialog.
///
/// ```swift
/// #expect(throws: PageDriverError.self) { try driver.press("Missing") }
/// ```
public typealias PageDriverError = NavigationTestDriverError
