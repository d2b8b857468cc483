import NavDOMSupport

/// The engine's connection for commands that answer (stored values, visitors' state): one
/// command at a time under a lock; a broken connection is made again by the next command,
/// which fails only if Redis cannot be reached then.
final class RedisCommands: Sendable {
  private let connection: Locked<RedisConnection?>
  private let stopped = Locked(false)
  private let address: RedisAddress
  private let report: RedisReport

  /// Connects at once, so that a wrong address or refused login is said when the engine starts.
  init(address: RedisAddress, report: RedisReport) throws {
    self.address = address
    self.report = report
    connection = Locked(try RedisConnection(to: address, timeout: 2))
  }

  func stop() {
    stopped.withLock { $0 = true }
    connection.withLock { $0?.shutDown() }
  }

  /// The reply to `words`; an error reply is thrown.
  @discardableResult
  func call(_ words: [[UInt8]]) throws -> RESPValue {
    try connection.withLock { connection throws -> RESPValue in
      guard !stopped.withLock({ $0 }) else { throw PubSubEngineError("the Redis engine has stopped") }
      do {
        if connection?.isOpenWhileIdle == false { connection = nil }
        let live = try connection ?? RedisConnection(to: address, timeout: 2)
        connection = live
        let reply = try live.call(words)
        report.reconnected("command")
        if case .error(let message) = reply { throw RedisReplyError(message: message) }
        return reply
      } catch let error as RedisReplyError {
        throw PubSubEngineError("Redis at \(address) answered: \(error.message)")
      } catch {
        connection = nil
        report.lost("command", error)
        throw error
      }
    }
  }

  @discardableResult
  func call(_ words: [String]) throws -> RESPValue { try call(words.map { Array($0.utf8) }) }
}

/// An error reply, told apart from a broken connection (which drops the connection).
private struct RedisReplyError: Error {
  let message: String
}
