import Foundation
import Glibc
import NavDOMSupport

/// A ``PubSubEngine`` for the server processes of one machine (several `serve` processes behind
/// nginx): each process binds a Unix datagram socket in a folder they share, and a message
/// published in one goes to its own subscribers at once, then to every other socket in the
/// folder, whose process delivers it to its subscribers. No broker to run; the processes find
/// each other by the folder. Across machines, ``RedisPubSubEngine`` does the same.
///
/// ```swift
/// let engine = try UnixSocketPubSubEngine(folder: "/run/inventory-pubsub")
/// let likes = SharedState(0, topic: "likes", pubsub: PubSub(engine: engine))
/// ```
///
/// `publish` never waits: a peer whose socket is full misses the message, which is counted in
/// ``droppedMessages`` and said once on standard error; a message larger than
/// ``largestMessage`` is refused the same way. A socket whose process is gone is removed from
/// the folder by the next publisher. Messages from one process arrive in the order published.
public final class UnixSocketPubSubEngine: PubSubEngine {
  /// The most bytes one message may carry (topic and payload).
  public static let largestMessage = 200 * 1024

  /// What the receiving thread shares with the engine: it must not keep the engine alive.
  /// The socket is closed when the last of the two lets go: closed by the thread alone, a
  /// receive that failed would leave the engine sending from a number another socket may
  /// since have been given.
  private final class Endpoint: Sendable {
    let descriptor: Int32
    let path: String
    let subscribers = Locked<[String: [@Sendable ([UInt8]) -> Void]]>([:])
    let dropped = Locked(0)
    /// Set before the socket is shut down: an empty read then means the end, not an empty message.
    let stopped = Locked(false)

    init(descriptor: Int32, path: String) {
      self.descriptor = descriptor
      self.path = path
    }

    deinit { close(descriptor) }

    func deliver(_ payload: [UInt8], on topic: String) {
      for receive in subscribers.withLock({ $0[topic] ?? [] }) { receive(payload) }
    }

    func noteDropped(_ reason: String) {
      let first = dropped.withLock { count -> Bool in
        count += 1
        return count == 1
      }
      if first { FileHandle.standardError.write(Data("navdom pubsub: \(reason); counted in droppedMessages\n".utf8)) }
    }
  }

  private let endpoint: Endpoint
  /// The folder the processes share.
  public let folder: String
  /// The peers as last listed (``peers()``).
  private let peerList = Locked(PeerList())

  /// Binds this process's socket in `folder` (made, mode 0700, if missing) and starts
  /// receiving. Throws when the folder cannot be made or the socket cannot be bound.
  public init(folder: String) throws {
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    self.folder = folder
    let path = folder + "/" + String(getpid()) + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 16) + ".sock"
    let descriptor = try Self.boundSocket(at: path)
    endpoint = Endpoint(descriptor: descriptor, path: path)
    let receiving = Thread { [endpoint] in Self.receive(on: endpoint) }
    receiving.name = "navdom-pubsub"
    receiving.start()
  }

  deinit {
    unlink(endpoint.path)
    endpoint.stopped.withLock { $0 = true }
    // Wakes the receiving thread; the socket is closed once it has ended too (`Endpoint`).
    shutdown(endpoint.descriptor, Int32(SHUT_RDWR))
  }

  /// Messages that did not reach a peer (its socket was full) or were too large to send.
  public var droppedMessages: Int { endpoint.dropped.withLock { $0 } }

  public func subscribe(to topic: String, _ deliver: @escaping @Sendable ([UInt8]) -> Void) {
    endpoint.subscribers.withLock { $0[topic, default: []].append(deliver) }
  }

  public func publish(_ payload: [UInt8], on topic: String) {
    let topicBytes = Array(topic.utf8)
    let frame = [UInt8(topicBytes.count >> 8 & 0xFF), UInt8(topicBytes.count & 0xFF)] + topicBytes + payload
    guard topicBytes.count <= Int(UInt16.max), frame.count <= Self.largestMessage else {
      endpoint.noteDropped("a message of \(frame.count) bytes on \"\(topic)\" is over \(Self.largestMessage)")
      return
    }
    endpoint.deliver(payload, on: topic)
    for peer in peers() { send(frame, to: peer) }
  }

  /// The peers as last listed, with the folder's modification time then: a socket bound or
  /// removed changes it, so a publish lists the folder again only then (a `stat`, not a
  /// listing, per publish). A listing made within two seconds of that time is not trusted (a
  /// change in the same timestamp tick would keep the time), nor after a send failed.
  private struct PeerList {
    var peers: [String] = []
    var folderTime = (seconds: -1, nanoseconds: -1)
    var trusted = false
  }

  /// The other processes' sockets in the folder.
  private func peers() -> [String] {
    var status = stat()
    guard stat(folder, &status) == 0 else { return listPeers() }
    let folderTime = (seconds: Int(status.st_mtim.tv_sec), nanoseconds: Int(status.st_mtim.tv_nsec))
    let kept = peerList.withLock { list in list.trusted && list.folderTime == folderTime ? list.peers : nil }
    if let kept { return kept }
    // Listed after the stat: a change during the listing makes the next stat differ.
    let peers = listPeers()
    let trusted = Int(time(nil)) - folderTime.seconds >= 2
    peerList.withLock { $0 = PeerList(peers: peers, folderTime: folderTime, trusted: trusted) }
    return peers
  }

  private func listPeers() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".sock") }.map { folder + "/" + $0 }.filter { $0 != endpoint.path }
  }

  private func send(_ frame: [UInt8], to peer: String) {
    let sent = frame.withUnsafeBytes { bytes in
      Self.withAddress(peer) { address, length in
        sendto(endpoint.descriptor, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT), address, length)
      }
    }
    guard sent < 0 else { return }
    let failure = errno
    peerList.withLock { $0.trusted = false }  // listed again at the next publish
    switch failure {
    case ECONNREFUSED, ENOENT: unlink(peer)  // its process is gone
    case EAGAIN: endpoint.noteDropped("a peer's socket is full (\(peer)); a message to it was dropped")
    default: endpoint.noteDropped("sending to \(peer) failed: \(String(cString: strerror(failure)))")
    }
  }

  // MARK: Sockets

  private static func boundSocket(at path: String) throws -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw PubSubEngineError("cannot make a socket: \(String(cString: strerror(errno)))") }
    var size: Int32 = 4 * 1024 * 1024  // room for bursts: a full socket drops messages
    setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    let bound = withAddress(path) { address, length in Int(bind(descriptor, address, length)) }
    guard bound == 0 else {
      let reason = bound == -2 ? "the path is too long for a socket" : String(cString: strerror(errno))
      close(descriptor)
      throw PubSubEngineError("cannot bind \(path): \(reason)")
    }
    return descriptor
  }

  /// Calls `body` with `path` as a socket address; -2 when the path does not fit one.
  private static func withAddress(
    _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int
  ) -> Int {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else { return -2 }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
  }

  /// The receiving thread: each datagram is a topic and a payload, delivered to this process's
  /// subscribers; ends when the socket is shut down.
  private static func receive(on endpoint: Endpoint) {
    var buffer = [UInt8](repeating: 0, count: largestMessage)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(endpoint.descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 || (count == 0 && endpoint.stopped.withLock({ $0 })) { break }
      guard count >= 2 else { continue }
      let topicLength = Int(buffer[0]) << 8 | Int(buffer[1])
      guard 2 + topicLength <= count else { continue }  // not one of ours
      let topic = String(decoding: buffer[2..<(2 + topicLength)], as: UTF8.self)
      endpoint.deliver(Array(buffer[(2 + topicLength)..<count]), on: topic)
    }
  }
}

/// Why a ``PubSubEngine`` could not start.
public struct PubSubEngineError: Error, CustomStringConvertible {
  public let description: String
  init(_ description: String) { self.description = description }
}
