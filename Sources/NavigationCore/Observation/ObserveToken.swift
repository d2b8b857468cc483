/// Keeps an observation alive; cancel it, or let it go, to stop observing.
///
/// ```swift
/// var token: ObserveToken? = observe { print(model.count) }
/// token = nil  // the closure never runs again, and releases what it captured
/// ```
public final class ObserveToken {
  private let observer: Observer

  init(observer: Observer) {
    self.observer = observer
  }

  deinit {
    observer.cancel()
  }

  /// Stops the observation: the closure never runs again and what it captured is released.
  ///
  /// ```swift
  /// var countText = ""
  /// let token = observe { countText = "\(model.count)" }
  /// token.cancel()
  /// ```
  public func cancel() {
    observer.cancel()
  }

  /// Whether ``cancel()`` has been called.
  ///
  /// ```swift
  /// token.cancel()
  /// token.isCancelled  // true
  /// ```
  public var isCancelled: Bool { observer.isCancelled }

  /// Keeps this token alive as long as `collection` (use it to hold many tokens together).
  ///
  /// ```swift
  /// var tokens: [ObserveToken] = []
  /// observe { render(model) }.store(in: &tokens)
  /// ```
  public func store(in collection: inout [ObserveToken]) {
    collection.append(self)
  }
}
