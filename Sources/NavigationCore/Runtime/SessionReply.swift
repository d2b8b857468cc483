import VirtualDOM

/// What a session answers an event, a move through the browser's history, or changes made
/// without an event: the patches that bring the page up to date, and the URL and title the
/// page must show when they changed. A value: the live server and the WebAssembly module write
/// it as the JSON runtime.js applies (PageProtocol), and tests read it as it is.
///
/// ```swift
/// let reply = try session.reply(to: "click", on: 7).get()
/// reply.patches.count        // 3
/// reply.navigation?.url      // "/items/1"
/// reply.navigation?.history  // .push
/// reply.title                // "Keyboard"
/// ```
public struct SessionReply: Equatable {
  /// What changed in the page, in order.
  public var patches: [Patch]
  /// The URL the page must show and how its history gets there; `nil` when the URL stays.
  public var navigation: Navigation?
  /// The page's new title when it changed (`""`: the app's own title again); `nil` when it stays.
  public var title: String?

  public init(patches: [Patch], navigation: Navigation? = nil, title: String? = nil) {
    self.patches = patches
    self.navigation = navigation
    self.title = title
  }

  /// A new URL for the page, and the history move that takes it there.
  ///
  /// ```swift
  /// let navigation = SessionReply.Navigation(url: "/items", history: .pop)
  /// ```
  public struct Navigation: Equatable, Sendable {
    public var url: String
    public var history: HistoryMove

    public init(url: String, history: HistoryMove) {
      self.url = url
      self.history = history
    }
  }
}

/// How the browser's history takes a new URL (the reply's `"history"`).
///
/// ```swift
/// if reply.navigation?.history == .pop { print("back to a page the visitor came from") }
/// ```
public enum HistoryMove: String, Equatable, Sendable {
  /// A new entry: a page pushed, a presentation opened, a tab or filter changed.
  case push
  /// Back to an entry the page came from: pages popped, a presentation closed.
  case pop
  /// The current entry rewritten: only query parameters whose rule says so changed.
  case replace
}
