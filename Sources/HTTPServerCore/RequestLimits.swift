/// Size limits the request parser enforces, each answered with its own status.
///
/// ```swift
/// var limits = RequestLimits()
/// limits.maximumBodyBytes = 64 * 1024   // larger bodies get 413
/// let parser = HTTPRequestParser(limits: limits)
/// ```
public struct RequestLimits: Hashable, Sendable {
  /// The longest request line (method, target and version) accepted; longer gets 414.
  public var maximumRequestLineBytes: Int
  /// The most bytes of header fields accepted after the request line; more gets 431.
  public var maximumHeaderBytes: Int
  /// The most header fields accepted; more gets 431.
  public var maximumHeaderCount: Int
  /// The largest `Content-Length` body accepted; larger gets 413.
  public var maximumBodyBytes: Int

  /// Creates limits; the defaults suit a local development server.
  ///
  /// ```swift
  /// let strict = RequestLimits(maximumRequestLineBytes: 1024, maximumHeaderBytes: 4096)
  /// ```
  public init(
    maximumRequestLineBytes: Int = 8 * 1024,
    maximumHeaderBytes: Int = 16 * 1024,
    maximumHeaderCount: Int = 100,
    maximumBodyBytes: Int = 1024 * 1024
  ) {
    self.maximumRequestLineBytes = maximumRequestLineBytes
    self.maximumHeaderBytes = maximumHeaderBytes
    self.maximumHeaderCount = maximumHeaderCount
    self.maximumBodyBytes = maximumBodyBytes
  }
}
