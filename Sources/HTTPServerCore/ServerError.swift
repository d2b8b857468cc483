/// Why a server could not start.
///
/// ```swift
/// do { try server.start() } catch let error as ServerError { print(error) }
/// ```
public enum ServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The host is not an IPv4 address.
  case invalidHost(String)
  /// The public root does not exist or is not a directory.
  case publicRootUnavailable(String)
  /// A socket call failed; `operation` names it and `errorNumber` is `errno`.
  case socketFailure(operation: String, errorNumber: Int32)
  /// `start()` was called on a server that is running or has stopped.
  case alreadyStarted

  /// A one-line explanation.
  public var description: String {
    switch self {
    case .invalidHost(let host): return "invalid IPv4 host '\(host)'"
    case .publicRootUnavailable(let path): return "public root '\(path)' is not a readable directory"
    case .socketFailure(let operation, let errorNumber): return "\(operation) failed (errno \(errorNumber))"
    case .alreadyStarted: return "the server was already started"
    }
  }
}
