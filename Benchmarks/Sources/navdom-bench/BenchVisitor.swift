import Foundation

/// One simulated visitor of the demo for `bench live`: a keep-alive connection, the session
/// its page started, and the node ids it clicks, read from the page as runtime.js reads them.
/// It goes through its steps in order, one event in flight at a time, as a browser does:
/// `sendNext()` sends the next step's event, `takeAnswer()` reads its reply once it is in.
final class BenchVisitor {
  enum Step {
    case openSheet, cancelSheet, pushItem, popToRoot
  }

  /// What `takeAnswer()` found: no whole reply yet, the step answered as expected, or not.
  enum Answer {
    case pending, answered, failed
  }

  static let steps: [Step] = [.openSheet, .cancelSheet, .pushItem, .popToRoot]
  private let port: Int
  private(set) var connection: BenchConnection
  private var session = ""
  private var dialogID = 0
  private var step = 0
  /// The requests of the steps whose event does not change from round to round.
  private var openSheetRequest: [UInt8] = []
  private var pushItemRequest: [UInt8] = []
  private var popToRootRequest: [UInt8] = []

  init?(port: Int) {
    self.port = port
    guard let connection = BenchConnection(port: port) else { return nil }
    self.connection = connection
    guard openPage() else { return nil }
  }

  /// Loads the root page again in a new session (after an error), back at the first step.
  func reopen() -> Bool {
    guard let fresh = BenchConnection(port: port) else { return false }
    connection = fresh
    step = 0
    return openPage()
  }

  /// GET /: the session id, and the first two ids that listen for clicks (the "Add item"
  /// button, then the first item's link), from `data-navdom-patches`.
  private func openPage() -> Bool {
    guard let (status, body) = connection.request(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)),
      status == 200
    else { return false }
    let html = String(decoding: body, as: UTF8.self)
    guard let session = Self.attribute("data-navdom-session", in: html),
      let patches = Self.attribute("data-navdom-patches", in: html)
    else { return false }
    let json = patches.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    guard let list = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] else { return false }
    let clickable = list.filter { $0["op"] as? String == "listen" && $0["event"] as? String == "click" }
      .compactMap { $0["id"] as? Int }
    guard clickable.count >= 2 else { return false }
    self.session = session
    openSheetRequest = request(id: clickable[0], event: "click")
    pushItemRequest = request(id: clickable[1], event: "click")
    popToRootRequest = request(id: 0, event: "popstate", value: "/")
    return true
  }

  /// Sends the current step's event; false on a broken connection.
  func sendNext() -> Bool {
    switch Self.steps[step] {
    case .openSheet: return connection.send(openSheetRequest)
    case .cancelSheet: return connection.send(request(id: dialogID, event: "cancel"))
    case .pushItem: return connection.send(pushItemRequest)
    case .popToRoot: return connection.send(popToRootRequest)
    }
  }

  /// Reads what the server has sent; once the reply to the event in flight is in, whether it
  /// was answered 200 with what the step expects (and then the next step is current).
  func takeAnswer() -> Answer {
    guard connection.receive() else { return .failed }
    guard let (status, reply) = connection.takeResponse() else { return .pending }
    guard status == 200, accept(reply) else { return .failed }
    step = (step + 1) % Self.steps.count
    return .answered
  }

  private func accept(_ reply: ArraySlice<UInt8>) -> Bool {
    switch Self.steps[step] {
    case .openSheet:
      guard let dialog = Self.insertedDialogID(in: reply) else { return false }
      dialogID = dialog
      return true
    case .cancelSheet, .popToRoot:
      return true
    case .pushItem:
      return BenchConnection.find(Self.itemsURL, in: reply, caseInsensitive: false) != nil
    }
  }

  private static let itemsURL: [UInt8] = Array(#""url":"/items/"#.utf8)
  private static let dialogTag: [UInt8] = Array(#","tag":"dialog""#.utf8)

  /// The POST of one event of this session.
  private func request(id: Int, event: String, value: String? = nil) -> [UInt8] {
    var body = #"{"session":""# + session + #"","id":"# + String(id) + #","event":""# + event + "\""
    if let value { body += #","value":""# + value + "\"" }
    body += "}"
    let request = "POST /_navdom/event HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      + "Content-Length: " + String(body.utf8.count) + "\r\n\r\n" + body
    return Array(request.utf8)
  }

  /// The id of the `<dialog>` an insert patch brings: the number of the `"id":` just before
  /// `,"tag":"dialog"` (`"node":{"id":N,"tag":"dialog"`).
  static func insertedDialogID(in reply: ArraySlice<UInt8>) -> Int? {
    guard var index = BenchConnection.find(dialogTag, in: reply, caseInsensitive: false) else { return nil }
    var value = 0
    var scale = 1
    while index > reply.startIndex, reply[index - 1] >= 0x30, reply[index - 1] <= 0x39 {
      index -= 1
      value += Int(reply[index] - 0x30) * scale
      scale *= 10
    }
    return scale > 1 ? value : nil
  }

  static func attribute(_ name: String, in html: String) -> String? {
    guard let start = html.range(of: name + "=\"") else { return nil }
    guard let end = html[start.upperBound...].firstIndex(of: "\"") else { return nil }
    return String(html[start.upperBound..<end])
  }
}

/// A keep-alive HTTP/1.1 connection on loopback, just enough for the bench: one request at a
/// time, responses framed by Content-Length. It is non-blocking, so one thread can drive many
/// (`LiveBench.load` polls them); `request` waits for its answer. It works on bytes, in one
/// buffer reused from response to response and scanned once, so the load generator takes as
/// little of the machine as it can.
final class BenchConnection {
  let descriptor: Int32
  private var buffer: [UInt8] = []
  /// Where the unread part of `buffer` starts, and how far the search for the end of the
  /// headers has got.
  private var start = 0
  private var scanned = 0
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

  init?(port: Int) {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      return nil
    }
    var enabled: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL, 0) | O_NONBLOCK)
  }

  deinit { close(descriptor) }

  private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)
  private static let contentLength: [UInt8] = Array("\r\ncontent-length:".utf8)

  /// Sends `request` and waits for one response: its status and body, or nil on a broken
  /// connection.
  func request(_ request: [UInt8]) -> (status: Int, body: [UInt8])? {
    guard send(request) else { return nil }
    while true {
      if let (status, body) = takeResponse() { return (status, Array(body)) }
      guard wait(for: POLLIN), receive() else { return nil }
    }
  }

  /// Sends all of `bytes`; false on a broken connection.
  func send(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { bytes in
      var sent = 0
      while sent < bytes.count {
        let count = Glibc.send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
        if count < 0 && errno == EAGAIN {
          guard wait(for: POLLOUT) else { return false }
          continue
        }
        guard count > 0 else { return false }
        sent += count
      }
      return true
    }
  }

  /// Reads what has arrived, without waiting; false when the connection is closed or broken.
  func receive() -> Bool {
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
      scanned = 0
    }
    let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
    if count < 0 && errno == EAGAIN { return true }
    guard count > 0 else { return false }
    buffer += chunk[..<count]
    return true
  }

  /// The next whole response in the buffer, if it is all in: its status and body (valid until
  /// the next `receive`).
  func takeResponse() -> (status: Int, body: ArraySlice<UInt8>)? {
    guard let end = Self.find(Self.headerEnd, in: buffer[max(start, scanned)...], caseInsensitive: false) else {
      scanned = max(start, buffer.count - Self.headerEnd.count + 1)
      return nil
    }
    // "HTTP/1.1 200 OK": the status is the three digits after the first space. Anything else
    // is status 0, a failed answer (a byte under "0" must not underflow and trap).
    guard end - start >= 12, buffer[start + 8] == 0x20 else { return (0, []) }
    var status = 0
    for index in (start + 9)...(start + 11) {
      let byte = buffer[index]
      guard byte >= 0x30 && byte <= 0x39 else { return (0, []) }
      status = status * 10 + Int(byte - 0x30)
    }
    var length = 0
    if let field = Self.find(Self.contentLength, in: buffer[start..<end], caseInsensitive: true) {
      var index = field + Self.contentLength.count
      while buffer[index] == 0x20 { index += 1 }
      while buffer[index] >= 0x30 && buffer[index] <= 0x39 {
        length = length * 10 + Int(buffer[index] - 0x30)
        index += 1
      }
    }
    let bodyStart = end + Self.headerEnd.count
    guard buffer.count >= bodyStart + length else {
      scanned = end  // the headers are in; only the body is awaited
      return nil
    }
    start = bodyStart + length
    scanned = start
    return (status, buffer[bodyStart..<(bodyStart + length)])
  }

  /// Waits until the connection is ready for `events`; false on a poll error.
  private func wait(for events: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(events), revents: 0)
    return poll(&entry, 1, -1) == 1
  }

  /// Where `needle` starts in `bytes` (ASCII letters compared without case when asked),
  /// read through pointers: the load generator runs it over every reply.
  static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>, caseInsensitive: Bool) -> Int? {
    let offset = bytes.withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle -> Int? in
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) {
          var matched = true
          for index in 0..<needle.count {
            var byte = haystack[start + index]
            if caseInsensitive && byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
            if byte != needle[index] {
              matched = false
              break
            }
          }
          if matched { return start }
        }
        return nil
      }
    }
    return offset.map { bytes.startIndex + $0 }
  }
}
