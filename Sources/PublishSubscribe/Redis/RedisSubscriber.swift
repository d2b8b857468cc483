import Foundation
import NavDOMSupport

/// The engine's subscriber connection and its thread: subscribes to every topic asked for,
/// delivers each message to this process's subscribers, and after the server goes away
/// connects again (waiting 0.1 s, doubling up to 5 s), subscribes again, then tells the
/// ``SharedValueStore/onReconnect(_:)`` handlers. It tells them too when another process says
/// on the framing's resync channel that it lost messages. Owns nothing of the engine's, so the
/// engine can go away (it calls ``stop()``).
final class RedisSubscriber: Sendable {
  private struct State {
    var subscribers: [String: [@Sendable ([UInt8]) -> Void]] = [:]
    var connection: RedisConnection?
    var confirmed: Set<String> = []
    /// Topics asked for on this connection and not confirmed yet; at 0 after a (re)connect the
    /// reconnect handlers run.
    var awaitingConfirmation = 0
    var handlersDue = false
    var reconnectHandlers: [@Sendable () -> Void] = []
    var stopped = false
  }
  private let state = Locked(State())
  let address: RedisAddress
  let framing: RedisFraming
  private let report: RedisReport

  init(address: RedisAddress, framing: RedisFraming, report: RedisReport) {
    self.address = address
    self.framing = framing
    self.report = report
  }

  func start() {
    let thread = Thread { [self] in run() }
    thread.name = "navdom-redis-subscriber"
    thread.start()
  }

  func stop() {
    let connection = state.withLock { state in
      state.stopped = true
      return state.connection
    }
    connection?.shutDown()
  }

  func onReconnect(_ action: @escaping @Sendable () -> Void) {
    state.withLock { $0.reconnectHandlers.append(action) }
  }

  /// Adds `deliver`; a topic new to this process is subscribed to at once, waiting (up to two
  /// seconds) for the server to confirm it, so a message published after this returns arrives.
  func subscribe(to topic: String, _ deliver: @escaping @Sendable ([UInt8]) -> Void) {
    let isNew = state.withLock { state -> Bool in
      let isNew = state.subscribers[topic] == nil
      state.subscribers[topic, default: []].append(deliver)
      if isNew, let connection = state.connection {
        state.awaitingConfirmation += 1
        try? connection.send(RESPValue.command(["SUBSCRIBE", framing.channel(topic)]))
      }
      return isNew && state.connection != nil
    }
    guard isNew else { return }
    for _ in 0..<400 where !state.withLock({ $0.confirmed.contains(topic) || $0.connection == nil }) {
      Thread.sleep(forTimeInterval: 0.005)
    }
  }

  /// Hands `payload` to this process's subscribers of `topic` (a message published here).
  func deliverHere(_ payload: [UInt8], on topic: String) {
    for deliver in state.withLock({ $0.subscribers[topic] ?? [] }) { deliver(payload) }
  }

  /// Whether every topic asked for is subscribed on a live connection.
  var isSubscribed: Bool {
    state.withLock { $0.connection != nil && $0.awaitingConfirmation == 0 && $0.confirmed.count == $0.subscribers.count }
  }

  private func run() {
    var backoff = 0.1
    while !state.withLock({ $0.stopped }) {
      do {
        let connection = try RedisConnection(to: address, timeout: 2)
        connection.setReceiveTimeout(0)
        try subscribeAll(on: connection)
        if backoff > 0.1 || report.isDown { report.reconnected("subscriber") }
        backoff = 0.1
        try receive(on: connection)
      } catch {
        if state.withLock({ $0.stopped }) { break }
        report.lost("subscriber", error)
      }
      state.withLock { state in
        state.connection = nil
        state.confirmed = []
      }
      var waited = 0.0
      while waited < backoff && !state.withLock({ $0.stopped }) {
        Thread.sleep(forTimeInterval: 0.05)
        waited += 0.05
      }
      backoff = min(backoff * 2, 5)
    }
  }

  /// Makes `connection` the live one and subscribes to every topic on it.
  private func subscribeAll(on connection: RedisConnection) throws {
    let stopped = try state.withLock { state throws -> Bool in
      guard !state.stopped else { return true }
      state.connection = connection
      state.confirmed = []
      state.awaitingConfirmation = state.subscribers.count + 1
      state.handlersDue = true
      let channels = [framing.resyncChannel] + state.subscribers.keys.map { framing.channel($0) }
      try connection.send(RESPValue.command(["SUBSCRIBE"] + channels))
      return false
    }
    if stopped { connection.shutDown() }
    runHandlersIfDue()
  }

  private func receive(on connection: RedisConnection) throws {
    while true {
      let value = try connection.read()
      guard let parts = value.elements, parts.count >= 3, let kind = parts[0].text, let channel = parts[1].text else { continue }
      switch kind {
      case "message" where channel == framing.resyncChannel:
        // Another process lost messages (its own resync is passed over: it lost nothing here).
        if let bytes = parts[2].bytes, framing.payload(of: bytes) != nil { runHandlers() }
      case "subscribe" where channel == framing.resyncChannel:
        state.withLock { $0.awaitingConfirmation = max(0, $0.awaitingConfirmation - 1) }
        runHandlersIfDue()
      case "message":
        guard let topic = framing.topic(ofChannel: channel), let bytes = parts[2].bytes,
          let payload = framing.payload(of: bytes)
        else { continue }
        deliverHere(payload, on: topic)
      case "subscribe":
        guard let topic = framing.topic(ofChannel: channel) else { continue }
        state.withLock { state in
          state.confirmed.insert(topic)
          state.awaitingConfirmation = max(0, state.awaitingConfirmation - 1)
        }
        runHandlersIfDue()
      default: continue
      }
    }
  }

  /// After a (re)connect, once every topic is confirmed: the reconnect handlers, on a thread
  /// of their own (they read the store; this thread must go on reading messages).
  private func runHandlersIfDue() {
    let handlers = state.withLock { state -> [@Sendable () -> Void] in
      guard state.handlersDue && state.awaitingConfirmation == 0 else { return [] }
      state.handlersDue = false
      return state.reconnectHandlers
    }
    runDetached(handlers)
  }

  /// The reconnect handlers now: another process lost messages.
  private func runHandlers() {
    runDetached(state.withLock { $0.reconnectHandlers })
  }

  private func runDetached(_ handlers: [@Sendable () -> Void]) {
    guard !handlers.isEmpty else { return }
    Thread.detachNewThread { for handler in handlers { handler() } }
  }
}
