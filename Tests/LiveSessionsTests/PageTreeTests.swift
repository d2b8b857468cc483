import DemoApp
import LiveSessions
import NavigationCore
import NavigationTesting
import Testing
import VirtualDOM

/// A page as nodes (what a WebAssembly module answers instead of HTML): each node carries the
/// id it is mounted under, so the browser builds the page a later patch names by those ids.
@Suite struct PageTreeTests {
  /// The `"id"` of every node of a `{"nodes":[…]}` message, in document order.
  static func ids(in json: String) throws -> [Int] {
    guard case .object(let fields) = try JSONParser.parse(json),
      case .array(let nodes)? = fields.first(where: { $0.key == "nodes" })?.value
    else { throw PageDriverError("no nodes in \(json.prefix(80))") }
    var found: [Int] = []
    func walk(_ node: JSONValue) {
      guard case .object(let fields) = node else { return }
      for (name, value) in fields {
        if name == "id", case .number(let id) = value, let number = Int(id) { found.append(number) }
        if name == "children", case .array(let children) = value { children.forEach(walk) }
      }
    }
    nodes.forEach(walk)
    return found
  }

  @Test func aFreshPageNumbersItsNodesAsHydrationDoesWithTheSamePatchesAsItsHTML() throws {
    let session = try startInventory(url: "/items/1").get()
    let tree = session.pageTree()
    #expect(tree.ids == Array(1...tree.ids.count))
    #expect(try Self.ids(in: tree.json) == tree.ids)
    let page = try session.page()
    #expect(tree.patches == page.patches)
    #expect(tree.url == page.url)
    #expect(tree.json.hasPrefix(#"{"nodes":[{"id":1,"tag":"#))
    #expect(tree.json.hasSuffix(#","url":"/items/1"}"#))
  }

  @Test func afterARowIsDeletedTheNodesKeepTheIdsTheyWereMountedUnder() throws {
    let session = try startInventory(url: "/").get()
    let driver = PageDriver(runtime: session.runtime)
    try driver.press("Delete Keyboard")
    try driver.press("Delete")
    let tree = session.treeSnapshot()
    let page = try session.page()
    let mounted = try #require(page.ids, "deleting a row leaves ids out of hydration order")
    #expect(tree.ids == mounted)
    #expect(try Self.ids(in: tree.json) == mounted)
    #expect(!tree.json.contains("Keyboard"))
  }
}
