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
      return send(id: itemLinkID, event: "click").map { $0.contains("\"url\":\"/items/") } ?? false
    case .popToRoot:
      return send(id: 0, event: "popstate", value: "/") != nil
    }
  }

  private func send(id: Int, event: String, value: String? = nil) -> String? {
    var body = #"{"session":"\#(session)","id":\#(id),"event":"\#(event)""#
    if let value { body += #","value":"\#(value)""# }
    body += "}"
    let request = "POST /_navdom/event HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    guard let (status, reply) = connection.request(request), status == 200 else { return nil }
    return String(decoding: reply, as: UTF8.self)
  }

  /// The id of the `<dialog>` an insert patch brings: `"node":{"id":N,"tag":"dialog"`.
  static func insertedDialogID(in reply: String) -> Int? {
    guard let tag = reply.range(of: #","tag":"dialog""#) else { return nil }
    let before = reply[..<tag.lowerBound]
    guard let idStart = before.range(of: #""id":"#, options: .backwards) else { return nil }
    return Int(before[idStart.upperBound...])
  }

  static func attribute(_ name: String, in html: String) -> String? {
    guard let start = html.range(of: name + "=\"") else { return nil }
    guard let end = html[start.upperBound...].firstIndex(of: "\"") else { return nil }
    return String(html[start.upperBound..<end])
  }
}

/// A blocking keep-alive HTTP/1.1 connection on loopback, just enough for the bench: one
/// request at a time, responses framed by Content-Length.
final class BenchConnection {
  private let descriptor: Int32
  private var buffer: [UInt8] = []

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

  /// Sends `text` and reads one response: its status and body, or nil on a broken connection.
  func request(_ text: String) -> (status: Int, body: [UInt8])? {
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { return nil }
      sent += count
    }
    guard let headerEnd = fill(until: { $0.firstRange(of: [0x0D, 0x0A, 0x0D, 0x0A]) }) else { return nil }
    let head = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
    let lines = head.split(separator: "\r\n")
    guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
      let status = Int(statusLine.split(separator: " ")[1])
    else { return nil }
    var length = 0
    for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
      length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
    }
    let bodyStart = headerEnd.upperBound
    guard fill(until: { $0.count >= bodyStart + length ? bodyStart : nil }) != nil else { return nil }
    let body = Array(buffer[bodyStart..<(bodyStart + length)])
    buffer.removeFirst(bodyStart + length)
    return (status, body)
  }

  /// Reads until `found` finds something in the buffer.
  private func fill<Found>(until found: ([UInt8]) -> Found?) -> Found? {
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      if let result = found(buffer) { return result }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      buffer += chunk[..<count]
    }
  }
}
