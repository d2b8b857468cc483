import VirtualDOM

/// A presentation that owns URL segments after the pages': a sheet, alert, dialog or pushed
/// item page shown over the top page (`/books/2/lend`), or over the root (`/add`).
///
/// ```swift
/// PresentationRoute("lend", below: Route.self,
///   present: { _, page in
///     guard case .book(let id)? = page else { return false }
///     model.destination = .lend(LendDraft(bookID: id))
///     return true
///   },
///   print: { if case .lend? = model.destination { [] } else { nil } },
///   dismiss: { model.destination = nil })
/// ```
public struct PresentationRoute {
  let pattern: URLPattern
  let present: (RouteParameters, UINavigationPath.Element?) -> Bool
  let print: () -> [String]?
  let dismiss: () -> Void

  /// A presentation at `pattern`, after the URL of the pages below it.
  ///
  /// ```swift
  /// PresentationRoute("lend", below: Route.self,
  ///   present: { _, page in page.map { model.lend($0) } != nil },
  ///   print: { model.isLending ? [] : nil },
  ///   dismiss: { model.destination = nil })
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: Segments as in ``NavigationRoute``'s (`lend`, `share/:method`); they are the
  ///     last of a URL.
  ///   - below: The type of the top page it is presented over (`nil` at the root or over a page
  ///     of another type).
  ///   - present: Presents it for the parameters over the top page; `false`, changing nothing,
  ///     when they name nothing (the URL is then a 404).
  ///   - print: The parameter values while it is presented, in the pattern's order; `nil` while
  ///     it is not.
  ///   - dismiss: Closes it: a URL without it was reached (browser back, a link).
  public init<Page: Hashable>(
    _ pattern: String, below: Page.Type,
    present: @escaping (_ parameters: RouteParameters, _ page: Page?) -> Bool,
    print: @escaping () -> [String]?,
    dismiss: @escaping () -> Void
  ) {
    self.pattern = URLPattern(pattern)
    self.present = { parameters, element in present(parameters, element?.value(as: Page.self)) }
    self.print = print
    self.dismiss = dismiss
  }

  /// A presentation over the root page only (`/add`): no page is below it.
  ///
  /// ```swift
  /// PresentationRoute("add",
  ///   present: { _ in model.addTapped(); return true },
  ///   print: { model.isAdding ? [] : nil },
  ///   dismiss: { model.destination = nil })
  /// ```
  public init(
    _ pattern: String,
    present: @escaping (_ parameters: RouteParameters) -> Bool,
    print: @escaping () -> [String]?,
    dismiss: @escaping () -> Void
  ) {
    self.pattern = URLPattern(pattern)
    self.present = { parameters, element in element == nil && present(parameters) }
    self.print = print
    self.dismiss = dismiss
  }
}
