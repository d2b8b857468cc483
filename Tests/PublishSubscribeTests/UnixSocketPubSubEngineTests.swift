import Foundation
import PublishSubscribe
import NavDOMSupport
import Testing

/// Several server processes of one machine share app-wide changes through a folder of Unix
/// datagram sockets: each engine here has its own socket, as each process would.
@Suite struct UnixSocketPubSubEngineTests {
  /// A fresh folder for one test's engines, short enough for a socket path.
  static func folder() -> String {
    "/tmp/navdom-pubsub-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
  }

  @Test func aMessageReachesTheSubscribersOfEveryEngineInTheFolder() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let first = try UnixSocketPubSubEngine(folder: folder)
    let second = try UnixSocketPubSubEngine(folder: folder)
    let heardFirst = Locked<[[UInt8]]>([])
    let heardSecond = Locked<[[UInt8]]>([])
    first.subscribe(to: "likes") { payload in heardFirst.withLock { $0.append(payload) } }
    second.subscribe(to: "likes") { payload in heardSecond.withLock { $0.append(payload) } }
    second.subscribe(to: "other") { _ in Issue.record("a message on another topic was delivered") }

    first.publish(Array("1".utf8), on: "likes")
    first.publish(Array("2".utf8), on: "likes")
    #expect(heardFirst.withLock { $0 } == [Array("1".utf8), Array("2".utf8)], "its own subscribers at once")
    #expect(eventually { heardSecond.withLock { $0.count } == 2 })
    #expect(heardSecond.withLock { $0 } == [Array("1".utf8), Array("2".utf8)], "in the order published")
    #expect(first.droppedMessages == 0 && second.droppedMessages == 0)
  }

  /// Another process in the folder (python3, speaking the frame: a 2-byte topic length, the
  /// topic, the payload) hears what this one publishes, and is heard.
  @Test func anotherProcessInTheFolderHearsAndIsHeard() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let engine = try UnixSocketPubSubEngine(folder: folder)
    let heard = Locked<[String]>([])
    engine.subscribe(to: "likes") { payload in heard.withLock { $0.append(String(decoding: payload, as: UTF8.self)) } }
    let script = """
      import os, socket, sys
      folder = sys.argv[1]
      peers = [os.path.join(folder, n) for n in os.listdir(folder) if n.endswith('.sock')]
      me = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
      me.bind(os.path.join(folder, 'python.sock'))
      print('ready', flush=True)
      frame = me.recv(65536)
      n = frame[0] << 8 | frame[1]
      print(frame[2:2 + n].decode(), frame[2 + n:].decode(), flush=True)
      for peer in peers:
          me.sendto(bytes([0, 5]) + b'likes' + b'from python', peer)
      os.unlink(os.path.join(folder, 'python.sock'))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, folder]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let reader = output.fileHandleForReading
    var said = Data()
    while !String(decoding: said, as: UTF8.self).hasSuffix("ready\n") {
      let more = reader.availableData
      if more.isEmpty { break }  // the script ended before binding
      said += more
    }
    #expect(String(decoding: said, as: UTF8.self) == "ready\n")
    engine.publish(Array("from swift".utf8), on: "likes")
    process.waitUntilExit()
    #expect(String(decoding: reader.readDataToEndOfFile(), as: UTF8.self) == "likes from swift\n")
    #expect(eventually { heard.withLock { $0.contains("from python") } })
  }

  @Test func aSharedStateChangeInOneEngineIsSeenThroughTheOther() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let here = SharedState(0, topic: "likes", pubsub: PubSub(engine: try UnixSocketPubSubEngine(folder: folder)))
    let there = SharedState(0, topic: "likes", pubsub: PubSub(engine: try UnixSocketPubSubEngine(folder: folder)))
    here.update { $0 += 5 }
    #expect(eventually { there.value == 5 })
  }

  /// The peer list a publish keeps (the folder is listed again only when it changed) still
  /// reaches a process that joins later and forgets one that left.
  @Test func aPeerThatJoinsAfterTheListIsKeptIsHeardAndOneThatLeftIsForgotten() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let publisher = try UnixSocketPubSubEngine(folder: folder)
    var early: UnixSocketPubSubEngine? = try UnixSocketPubSubEngine(folder: folder)
    let heardEarly = Locked(0)
    early?.subscribe(to: "likes") { _ in heardEarly.withLock { $0 += 1 } }
    // Past the folder's last change by more than the listing's distrust: the list is kept.
    Thread.sleep(forTimeInterval: 2.2)
    publisher.publish(Array("1".utf8), on: "likes")
    #expect(eventually { heardEarly.withLock { $0 } == 1 })
    let late = try UnixSocketPubSubEngine(folder: folder)
    let heardLate = Locked(0)
    late.subscribe(to: "likes") { _ in heardLate.withLock { $0 += 1 } }
    publisher.publish(Array("2".utf8), on: "likes")
    #expect(eventually { heardLate.withLock { $0 } == 1 })
    #expect(eventually { heardEarly.withLock { $0 } == 2 })
    early = nil  // its socket leaves the folder
    publisher.publish(Array("3".utf8), on: "likes")
    #expect(eventually { heardLate.withLock { $0 } == 2 })
    #expect(publisher.droppedMessages == 0)
  }

  @Test func aGoneProcessSocketIsRemovedByTheNextPublisher() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let engine = try UnixSocketPubSubEngine(folder: folder)
    // What a killed process leaves: a name in the folder nothing listens on.
    let stale = folder + "/999999-dead.sock"
    #expect(FileManager.default.createFile(atPath: stale, contents: nil))
    engine.publish(Array("{}".utf8), on: "likes")
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(engine.droppedMessages == 0)
  }

  @Test func aMessageOverTheLimitIsCountedAndNotSent() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let engine = try UnixSocketPubSubEngine(folder: folder)
    let heard = Locked(0)
    engine.subscribe(to: "big") { _ in heard.withLock { $0 += 1 } }
    engine.publish([UInt8](repeating: 1, count: UnixSocketPubSubEngine.largestMessage), on: "big")
    #expect(engine.droppedMessages == 1)
    #expect(heard.withLock { $0 } == 0, "refused everywhere, here too")
  }

  @Test func anEngineGoneTakesItsSocketWithIt() throws {
    let folder = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var engine: UnixSocketPubSubEngine? = try UnixSocketPubSubEngine(folder: folder)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
    engine = nil
    #expect(engine == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test func aFolderThatCannotBeMadeIsAnError() {
    #expect(throws: (any Error).self) { try UnixSocketPubSubEngine(folder: "/proc/navdom-pubsub") }
  }
}
