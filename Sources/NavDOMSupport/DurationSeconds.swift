extension Duration {
  /// The duration in seconds, for the APIs that take a `Double` (a condition's timeout,
  /// `Thread.sleep`).
  ///
  /// ```swift
  /// Duration.milliseconds(1_500).inSeconds   // 1.5
  /// ```
  package var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
