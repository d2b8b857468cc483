/// Text for alerts, dialogs and buttons, as a value you can compare in tests.
///
/// Text is a list of runs, each a string with a style. Concatenate with `+`; style with
/// ``emphasized()``, ``strong()`` and ``code()``, which a renderer lowers to `<em>`, `<strong>`
/// and `<code>`.
///
/// ```swift
/// let message = TextState("Delete ") + TextState(item.name).strong() + TextState("?")
/// message.plainText  // "Delete Hammer?"
/// ```
///
/// Equal text is equal however it was put together: adjacent runs with the same style are
/// merged and empty runs dropped, so `TextState("a") + TextState("b") == TextState("ab")`.
public struct TextState: Hashable, Sendable {
  /// The styles a run of text can have; several can combine.
  ///
  /// ```swift
  /// TextState("rm -rf").code().strong().runs[0].style  // [.strong, .code]
  /// ```
  public struct Style: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates a style from its raw bits.
    ///
    /// ```swift
    /// let style = TextState.Style(rawValue: 1)  // .emphasis
    /// ```
    public init(rawValue: UInt8) {
      self.rawValue = rawValue
    }

    /// Stress emphasis: `<em>`.
    public static let emphasis = Style(rawValue: 1 << 0)
    /// Strong importance: `<strong>`.
    public static let strong = Style(rawValue: 1 << 1)
    /// A fragment of code: `<code>`.
    public static let code = Style(rawValue: 1 << 2)
  }

  /// A stretch of text with one style.
  ///
  /// A renderer nests the elements for a run's style in a fixed order, outermost first:
  /// `<strong>`, `<em>`, `<code>`.
  ///
  /// ```swift
  /// let message = TextState("Delete ") + TextState("Hammer").strong()
  /// for run in message.runs where run.style.contains(.strong) { print(run.text) }
  /// ```
  public struct Run: Hashable, Sendable {
    /// The characters of the run.
    public var text: String
    /// How the run is styled; empty for plain text.
    public var style: Style

    /// Creates a run.
    ///
    /// ```swift
    /// let run = TextState.Run(text: "Delete", style: .strong)
    /// ```
    public init(text: String, style: Style = []) {
      self.text = text
      self.style = style
    }
  }

  /// The runs, in order, never empty strings, never two adjacent runs with the same style.
  ///
  /// ```swift
  /// (TextState("a") + TextState("b").emphasized()).runs.count  // 2
  /// ```
  public private(set) var runs: [Run]

  /// Creates unstyled text from a string, shown as is.
  ///
  /// ```swift
  /// let title = TextState("Are you sure?")
  /// ```
  public init(_ string: String) {
    runs = string.isEmpty ? [] : [Run(text: string)]
  }

  /// Creates unstyled text from a string, shown as is (the same as ``init(_:)``; there is no
  /// localization to opt out of, the label mirrors swift-navigation).
  ///
  /// ```swift
  /// let code = TextState(verbatim: "E42")
  /// ```
  public init(verbatim string: String) {
    self.init(string)
  }

  /// Creates text from runs, normalizing them (merging neighbours, dropping empty runs).
  ///
  /// ```swift
  /// let text = TextState(runs: [.init(text: "Hi", style: .strong)])
  /// ```
  public init(runs: [Run]) {
    self.runs = []
    for run in runs {
      append(run)
    }
  }

  /// The text without styling.
  ///
  /// ```swift
  /// (TextState("a") + TextState("b").strong()).plainText  // "ab"
  /// ```
  public var plainText: String {
    var result = ""
    for run in runs {
      result += run.text
    }
    return result
  }

  /// Whether there are no characters.
  ///
  /// ```swift
  /// TextState("").isEmpty  // true
  /// ```
  public var isEmpty: Bool { runs.isEmpty }

  /// This text with stress emphasis added to every run (`<em>`).
  ///
  /// ```swift
  /// TextState("really").emphasized()
  /// ```
  public func emphasized() -> TextState { adding(.emphasis) }

  /// This text with strong importance added to every run (`<strong>`).
  ///
  /// ```swift
  /// TextState("cannot be undone").strong()
  /// ```
  public func strong() -> TextState { adding(.strong) }

  /// This text marked as code in every run (`<code>`).
  ///
  /// ```swift
  /// TextState("inventory.json").code()
  /// ```
  public func code() -> TextState { adding(.code) }

  /// Joins two texts, keeping each one's styling.
  ///
  /// ```swift
  /// let text = TextState("Delete ") + TextState(item.name).strong()
  /// ```
  public static func + (lhs: TextState, rhs: TextState) -> TextState {
    var result = lhs
    for run in rhs.runs {
      result.append(run)
    }
    return result
  }

  private func adding(_ style: Style) -> TextState {
    TextState(runs: runs.map { Run(text: $0.text, style: $0.style.union(style)) })
  }

  private mutating func append(_ run: Run) {
    guard !run.text.isEmpty else { return }
    if let last = runs.last, last.style == run.style {
      runs[runs.count - 1].text += run.text
    } else {
      runs.append(run)
    }
  }
}
