import NavDOMSupport

/// The engine of ``PubSub/shared``: chosen once, by `serve --redis` or the app, before the
/// first use; ``LocalPubSubEngine`` when nobody chose.
private let sharedPubSub = Locked<(pubsub: PubSub?, used: Bool)>((nil, false))

extension PubSub {
  /// The process's ``PubSub``, on the engine the command line chose (`serve --redis URL`
  /// makes it a ``RedisPubSubEngine``), or within this process when none was chosen. Make an
  /// app's ``SharedState`` on it lazily (a `static let`, first used by a visitor), so that it
  /// is made after `serve` has chosen.
  ///
  /// ```swift
  /// enum Likes {
  ///   static let count = SharedState(0, topic: "likes", pubsub: .shared)
  /// }
  /// ```
  public static var shared: PubSub {
    sharedPubSub.withLock { state in
      state.used = true
      if let pubsub = state.pubsub { return pubsub }
      let local = PubSub()
      state.pubsub = local
      return local
    }
  }

  /// Makes `engine` the engine of ``shared``; `false`, changing nothing, once ``shared`` has
  /// been used (what was made on it keeps its engine).
  ///
  /// ```swift
  /// let chosen = PubSub.chooseSharedEngine(LocalPubSubEngine())
  /// ```
  @discardableResult
  public static func chooseSharedEngine(_ engine: any PubSubEngine) -> Bool {
    sharedPubSub.withLock { state in
      guard !state.used else { return false }
      state.pubsub = PubSub(engine: engine)
      return true
    }
  }
}
