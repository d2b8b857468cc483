import Foundation
import NavDOMSupport
import Testing

@testable import PublishSubscribe

/// The Redis engine against a real redis-server (one per test, on a free port): two engines
/// stand for two processes, each with its own connections.
@Suite struct RedisPubSubEngineTests {
  @Test func aMessageReachesBothEnginesSubscribersOnceAndInOrder() throws {
    let redis = try RedisTestServer()
    let first = try RedisPubSubEngine(url: redis.url)
    let second = try RedisPubSubEngine(url: redis.url)
    let heardFirst = Locked<[String]>([])
    let heardSecond = Locked<[String]>([])
    first.subscribe(to: "likes") { bytes in heardFirst.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } }
    second.subscribe(to: "likes") { bytes in heardSecond.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) } }
    second.subscribe(to: "other") { _ in Issue.record("a message on another topic was delivered") }
    for number in 1...50 { first.publish(Array(String(number).utf8), on: "likes") }
    let expected = (1...50).map(String.init)
    #expect(heardFirst.withLock { $0 } == expected, "its own subscribers at once, not twice")
    #expect(eventually { heardSecond.withLock { $0.count } == 50 })
    #expect(heardSecond.withLock { $0 } == expected)
    Thread.sleep(forTimeInterval: 0.1)
    #expect(heardFirst.withLock { $0.count } == 50, "its own echo from Redis is passed over")
    #expect(first.droppedMessages == 0)
  }

  @Test func anotherProgramsPublishIsDeliveredWhole() throws {
    let redis = try RedisTestServer()
    let engine = try RedisPubSubEngine(url: redis.url)
    let heard = Locked<[[UInt8]]>([])
    engine.subscribe(to: "news") { bytes in heard.withLock { $0.append(bytes) } }
    let other = try RedisConnection(to: RedisAddress(redis.url), timeout: 2)
    try other.call(["PUBLISH", "navdom:news", "{\"from\":\"cli\"}"])
    #expect(eventually { heard.withLock { $0 } == [Array("{\"from\":\"cli\"}".utf8)] })
  }

  // Two threads per engine, 250 updates each, all on one key: compare-and-set under contention.
  // (Tests/scaleout's two real processes take 1,000 likes each; here, under the full
  // ThreadSanitizer suite on two cores, 2 x 1,000 contended updates took over a minute.)
  @Test func twoEnginesEachAddingFiveHundredEndAtExactlyAThousand() throws {
    let redis = try RedisTestServer()
    let first = SharedState(0, topic: "count", pubsub: PubSub(engine: try RedisPubSubEngine(url: redis.url)))
    let second = SharedState(0, topic: "count", pubsub: PubSub(engine: try RedisPubSubEngine(url: redis.url)))
    let group = DispatchGroup()
    let started = Date()
    for state in [first, second] {
      for _ in 0..<2 {
        DispatchQueue.global().async(group: group) { for _ in 0..<250 { state.update { $0 += 1 } } }
      }
    }
    group.wait()
    let stored = Date()
    #expect(eventually { first.value == 1000 && second.value == 1000 }, "\(first.value) and \(second.value)")
    print("1,000 contended updates stored in \(stored.timeIntervalSince(started)) s, seen by both \(Date().timeIntervalSince(stored)) s later")
    let late = SharedState(0, topic: "count", pubsub: PubSub(engine: try RedisPubSubEngine(url: redis.url)))
    #expect(late.value == 1000, "a process that starts later reads the value before it serves")
  }

  @Test func messagesLostOnTheWayMakeTheOtherProcessesReadTheirSharedValuesAgain() throws {
    let redis = try RedisTestServer()
    let lossy = try RedisPubSubEngine(url: redis.url, outboxCapacity: 1)
    let state = SharedState(0, topic: "count", pubsub: PubSub(engine: try RedisPubSubEngine(url: redis.url)))
    state.update { $0 = 1 }
    // A change stored whose announcement never reaches `state`'s process, as if lost:
    let stored = try #require(try lossy.storedValue(for: "count"))
    _ = try lossy.store(Array("7".utf8), for: "count", ifVersion: stored.version, operation: "lost")
    #expect(state.value == 1)
    redis.pause()
    for _ in 0..<20 { lossy.publish([1], on: "noise") }  // the outbox keeps one: the rest are lost
    redis.resume()
    #expect(lossy.droppedMessages > 0)
    #expect(eventually { state.value == 7 }, "read again after the loss was said: \(state.value)")
  }

  @Test func afterRedisRestartsEnginesReconnectAndSharedStateConverges() throws {
    let redis = try RedisTestServer()
    let firstEngine = try RedisPubSubEngine(url: redis.url)
    let secondEngine = try RedisPubSubEngine(url: redis.url)
    let first = SharedState(0, topic: "count", pubsub: PubSub(engine: firstEngine))
    let second = SharedState(0, topic: "count", pubsub: PubSub(engine: secondEngine))
    for _ in 0..<10 { first.update { $0 += 1 } }
    #expect(eventually { second.value == 10 })
    redis.kill()  // no data kept: Redis comes back empty
    try redis.start()
    let started = Date()
    #expect(eventually { firstEngine.isSubscribed && secondEngine.isSubscribed }, "both subscribe again")
    second.update { $0 += 5 }
    #expect(eventually { first.value == 15 && second.value == 15 }, "\(first.value) and \(second.value)")
    print("converged \(Date().timeIntervalSince(started)) s after Redis restarted")
    let heard = Locked(0)
    secondEngine.subscribe(to: "after") { _ in heard.withLock { $0 += 1 } }
    firstEngine.publish([1], on: "after")
    #expect(eventually { heard.withLock { $0 } == 1 }, "messages flow again")
  }

  @Test func publishNeverWaitsForAStuckRedisAndAFullOutboxDropsAndCounts() throws {
    let redis = try RedisTestServer()
    let engine = try RedisPubSubEngine(url: redis.url, outboxCapacity: 10)
    let heard = Locked(0)
    engine.subscribe(to: "busy") { _ in heard.withLock { $0 += 1 } }
    redis.pause()
    defer { redis.resume() }
    for _ in 0..<100 { engine.publish(Array(repeating: 7, count: 100), on: "busy") }
    #expect(heard.withLock { $0 } == 100, "this process's own subscribers get every message at once")
    #expect((1...90).contains(engine.droppedMessages), "the outbox keeps 10 (and a batch in flight), drops the rest")
  }

  @Test func visitorsStateIsReadByAnotherEngine() throws {
    let redis = try RedisTestServer()
    let first = try RedisPubSubEngine(url: redis.url)
    try first.set(3, visitor: "v1", key: "likes")
    let second = try RedisPubSubEngine(url: redis.url)
    #expect(try second.value(Int.self, visitor: "v1", key: "likes") == 3)
    #expect(try second.value(Int.self, visitor: "v2", key: "likes") == nil)
    try second.set(visitor: "v1", key: "likes", value: nil)
    #expect(try first.get(visitor: "v1", key: "likes") == nil)
  }

  @Test func pubSubKeepsVisitorsInItsEngineWhenItIsAVisitorStoreElseInMemory() throws {
    let redis = try RedisTestServer()
    let onRedis = PubSub(engine: try RedisPubSubEngine(url: redis.url))
    try onRedis.visitors.set(5, visitor: "v9", key: "likes")
    let elsewhere = try RedisPubSubEngine(url: redis.url)
    #expect(try elsewhere.value(Int.self, visitor: "v9", key: "likes") == 5, "kept in Redis")
    let local = PubSub()
    #expect(local.visitors is InMemoryVisitorStore)
    try local.visitors.set(1, visitor: "v9", key: "likes")
    #expect(try local.visitors.value(Int.self, visitor: "v9", key: "likes") == 1)
    #expect(try PubSub().visitors.value(Int.self, visitor: "v9", key: "likes") == nil, "each PubSub its own memory")
  }

  @Test func passwordAndACLUserLogIn() throws {
    let redis = try RedisTestServer(["--requirepass", "secret", "--user", "app", "on", ">apppass", "~*", "&*", "+@all"])
    #expect(throws: Never.self) { _ = try RedisPubSubEngine(url: "redis://:secret@127.0.0.1:\(redis.port)") }
    #expect(throws: Never.self) { _ = try RedisPubSubEngine(url: "redis://app:apppass@127.0.0.1:\(redis.port)") }
    let refusals = [
      "redis://:wrong@127.0.0.1:\(redis.port)", "redis://app:wrong@127.0.0.1:\(redis.port)", "redis://127.0.0.1:\(redis.port)",
    ]
    for url in refusals {
      #expect("\(url)") {
        _ = try RedisPubSubEngine(url: url)
      } throws: { error in
        "\(error)".contains("refused") || "\(error)".contains("NOAUTH")
      }
    }
  }

  @Test func aWrongAddressAndAServerThatIsNotRedisAreSaid() throws {
    let closed = RedisTestServer.freePort()
    #expect {
      _ = try RedisPubSubEngine(url: "redis://127.0.0.1:\(closed)")
    } throws: { error in
      "\(error)".contains("cannot reach Redis at 127.0.0.1:\(closed)")
    }
    #expect {
      _ = try RedisPubSubEngine(url: "redis://no-such-host.invalid:6379")
    } throws: { error in
      "\(error)".contains("cannot find Redis host")
    }
    let http = try FakeServer(answer: "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    #expect {
      _ = try RedisPubSubEngine(url: "redis://127.0.0.1:\(http.port)")
    } throws: { error in
      "\(error)".contains("is not a Redis server") && "\(error)".contains("HTTP/1.1 400")
    }
  }
}
