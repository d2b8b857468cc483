import Foundation

/// One simulated visitor of the demo for `bench live`: a keep-alive connection, the session
/// its page started, and the node ids it clicks, read from the page as runtime.js reads them.
final class BenchVisitor {
  enum Step {
    case openSheet, cancelSheet, pushItem, popToRoot
  }

  let steps: [Step] = [.openSheet, .cancelSheet, .pushItem, .popToRoot]
  private let port: Int
  private var connection: BenchConnection
  private var session = ""
  private var addItemID = 0
  private var itemLinkID = 0
  private var dialogID = 0

  init?(port: Int) {
    self.port = port
    guard let connection = BenchConnection(port: port) else { return nil }
    self.connection = connection
    guard openPage() else { return nil }
  }

  /// Loads the root page again in a new session (after an error).
  func reopen() -> Bool {
    guard let fresh = BenchConnection(port: port) else { return false }
    connection = fresh
    return openPage()
  }

  /// GET /: the session id, and the first two ids that listen for clicks (the "Add item"
  /// button, then the first item's link), from `data-navdom-patches`.
  private func openPage() -> Bool {
    guard let (status, body) = connection.request("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"), status == 200
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
    addItemID = clickable[0]
    itemLinkID = clickable[1]
    return true
  }

  /// Sends one step's event; `true` when it was answered 200 with what the step expects.
  func perform(_ step: Step) -> Bool {
    switch step {
    case .openSheet:
      guard let reply = send(id: addItemID, event: "click"), let dialog = Self.insertedDialogID(in: reply) else {
        return false
      }
      dialogID = dialog
      return true
    case .cancelSheet:
      return send(id: dialogID, event: "cancel") != nil
    case .pushItem:
      guard let reply = send(id: itemLinkID, event: "click") else { return false }
      return BenchConnection.find(Self.itemsURL, in: reply, caseInsensitive: false) != nil
    case .popToRoot:
      return send(id: 0, event: "popstate", value: "/") != nil
    }
  }

  private static let itemsURL: [UInt8] = Array(#""url":"/items/"#.utf8)
  private static let dialogTag: [UInt8] = Array(#","tag":"dialog""#.utf8)

  private func send(id: Int, event: String, value: String? = nil) -> [UInt8]? {
    var body = #"{"session":""# + session + #"","id":"# + String(id) + #","event":""# + event + "\""
    if let value { body += #","value":""# + value + "\"" }
    body += "}"
    let request = "POST /_navdom/event HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      + "Content-Length: " + String(body.utf8.count) + "\r\n\r\n" + body
    guard let (status, reply) = connection.request(request), status == 200 else { return nil }
    return reply
  }

  /// The id of the `<dialog>` an insert patch brings: the number of the `"id":` just before
  /// `,"tag":"dialog"` (`"node":{"id":N,"tag":"dialog"`).
  static func insertedDialogID(in reply: [UInt8]) -> Int? {
    guard var index = BenchConnection.find(dialogTag, in: reply, caseInsensitive: false) else { return nil }
    var value = 0
    var scale = 1
    while index > 0, reply[index - 1] >= 0x30, reply[index - 1] <= 0x39 {
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

/// A blocking keep-alive HTTP/1.1 connection on loopback, just enough for the bench: one
/// request at a time, responses framed by Content-Length. It works on bytes, with one reused
/// read buffer, so the load generator takes as little of the machine as it can.
final class BenchConnection {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
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
  }

  deinit { close(descriptor) }

  private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)
  private static let contentLength: [UInt8] = Array("\r\ncontent-length:".utf8)

  /// Sends `text` and reads one response: its status and body, or nil on a broken connection.
  func request(_ text: String) -> (status: Int, body: [UInt8])? {
    var text = text
    let sentAll = text.withUTF8 { bytes -> Bool in
      var sent = 0
      while sent < bytes.count {
        let count = Glibc.send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
        guard count > 0 else { return false }
        sent += count
      }
      return true
    }
    guard sentAll, let end = fill(until: { Self.find(Self.headerEnd, in: $0, caseInsensitive: false) }) else { return nil }
    // "HTTP/1.1 200 OK": the status is the three digits after the first space.
    guard end >= 12, buffer[8] == 0x20 else { return nil }
    let status = Int(buffer[9] - 0x30) * 100 + Int(buffer[10] - 0x30) * 10 + Int(buffer[11] - 0x30)
    var length = 0
    if let field = Self.find(Self.contentLength, in: buffer[..<end], caseInsensitive: true) {
      var index = field + Self.contentLength.count
      while buffer[index] == 0x20 { index += 1 }
      while buffer[index] >= 0x30 && buffer[index] <= 0x39 {
        length = length * 10 + Int(buffer[index] - 0x30)
        index += 1
      }
    }
    let bodyStart = end + Self.headerEnd.count
    guard fill(until: { $0.count >= bodyStart + length ? bodyStart : nil }) != nil else { return nil }
    let body = Array(buffer[bodyStart..<(bodyStart + length)])
    buffer.removeFirst(bodyStart + length)
    return (status, body)
  }

  /// Where `needle` starts in `bytes` (ASCII letters compared without case when asked).
  static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>, caseInsensitive: Bool) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    var start = bytes.startIndex
    while start + needle.count <= bytes.endIndex {
      var matched = true
      for offset in 0..<needle.count {
        var byte = bytes[start + offset]
        if caseInsensitive && byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
        if byte != needle[offset] {
          matched = false
          break
        }
      }
      if matched { return start }
      start += 1
    }
    return nil
  }

  static func find(_ needle: [UInt8], in bytes: [UInt8], caseInsensitive: Bool) -> Int? {
    find(needle, in: bytes[...], caseInsensitive: caseInsensitive)
  }

  /// Reads until `found` finds something in the buffer.
  private func fill<Found>(until found: ([UInt8]) -> Found?) -> Found? {
    while true {
      if let result = found(buffer) { return result }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      buffer += chunk[..<count]
    }
  }
}
