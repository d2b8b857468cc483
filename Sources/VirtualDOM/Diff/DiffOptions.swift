/// How the diff reports problems in the trees it is given.
public struct DiffOptions {
  /// Called with the key when one list holds two children with the same key. The diff still
  /// gives a deterministic result: the first child keeps the key, later ones are treated as
  /// new nodes.
  public var onDuplicateKey: (String) -> Void

  public init(onDuplicateKey: @escaping (String) -> Void) {
    self.onDuplicateKey = onDuplicateKey
  }

  /// Stops a debug build with a message naming the key; release builds carry on.
  public static var `default`: DiffOptions {
    DiffOptions { key in
      assertionFailure("VirtualDOM: two siblings share the key \"\(key)\"; keys must be unique among siblings")
    }
  }

  /// Ignores duplicate keys (release behaviour in every build).
  public static var lenient: DiffOptions { DiffOptions { _ in } }
}
