import HTMLRenderer
import NavigationCore
import VirtualDOM

// The JSON forms of AppSession's answers, from before they were values (SessionReply,
// SessionPage). They moved here from NavigationCore with the wire format; LiveSessions and
// NavigationWasm re-export this module, so code that imports either still compiles.
extension AppSession {
  /// Deprecated: `AppSession.reply(to:on:payload:)` answers with a
  /// `SessionReply`; its `SessionReply.json` is this text.
  ///
  /// ```swift
  /// let json = session.reply(to: "click", on: 7).map(\.json)
  /// ```
  @available(*, deprecated, renamed: "reply(to:on:payload:)", message: "answers with a SessionReply; its .json is the text")
  public func dispatch(id: NodeID, event: String, payload: EventPayload = EventPayload()) -> Result<String, DispatchError> {
    reply(to: event, on: id, payload: payload).map { $0.json }
  }

  /// Deprecated: `AppSession.followHistory(to:)` answers with a
  /// `SessionReply`.
  ///
  /// ```swift
  /// let json = session.followHistory(to: "/items")?.json
  /// ```
  @available(*, deprecated, renamed: "followHistory(to:)", message: "answers with a SessionReply; its .json is the text")
  public func popState(to url: String) -> String? {
    followHistory(to: url)?.json
  }

  /// Deprecated: `AppSession.takePendingChanges()` answers with a
  /// `SessionReply`.
  ///
  /// ```swift
  /// let json = session.takePendingChanges()?.json
  /// ```
  @available(*, deprecated, renamed: "takePendingChanges()", message: "answers with a SessionReply; its .json is the text")
  public func takePendingReply() -> String? {
    takePendingChanges()?.json
  }

  /// Deprecated: `AppSession.page()` answers with a
  /// `SessionPage`.
  ///
  /// ```swift
  /// let json = try session.page().json
  /// ```
  @available(*, deprecated, renamed: "page()", message: "answers with a SessionPage; its .json is the text")
  public func startJSON() throws(RenderError) -> String {
    try page().json
  }

  /// Deprecated: `AppSession.snapshot()` answers with a
  /// `SessionPage`.
  ///
  /// ```swift
  /// let json = try session.snapshot().json
  /// ```
  @available(*, deprecated, renamed: "snapshot()", message: "answers with a SessionPage; its .json is the text")
  public func snapshotJSON() throws(RenderError) -> String {
    try snapshot().json
  }
}
