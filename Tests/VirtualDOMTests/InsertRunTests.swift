import RandomTrees
import Testing
import VirtualDOM

/// A run of inserts of one shape goes on the wire as one `inserts` entry (docs/PROTOCOL.md),
/// and nothing else does.
@Suite struct InsertRunTests {
  static func rows(_ labels: [String], selected: String? = nil) -> Node {
    tbody {
      for label in labels {
        tr(.key(label), label == selected ? .class("danger") : .none) {
          td { label }
          td { a(.onClick {}) { "x" } }
        }
      }
    }
  }

  @Test func rowsAppendedInOneRunAreOneEntryWithTheirKeysAndTextsInOrder() {
    let json = WireFormat.encode(diff(Self.rows(["a"]), Self.rows(["a", "b", "c \"q\""])))
    #expect(
      json == #"[{"op":"inserts","parent":1,"before":null,"node":{"id":8,"tag":"tr","key":"b","children":["#
        + #"{"id":9,"tag":"td","children":[{"id":10,"text":"b"}]},{"id":11,"tag":"td","children":[{"id":12,"tag":"a","on":["click"],"children":[{"id":13,"text":"x"}]}]}]}"#
        + #","more":[["c \"q\"","c \"q\"","x"]]}]"#)
  }

  @Test func writeInsertRunsIsWhatANativeWriteWrites() {
    let patches = diff(Self.rows(["a"]), Self.rows(["b", "c", "d", "a"]))
    var runs = JSONWriter()
    WireFormat.writeInsertRuns(patches, to: &runs)
    #expect(runs.string == WireFormat.encode(patches))
    #expect(runs.string.contains(#""op":"inserts""#))
  }

  @Test func aSingleInsertStaysAnInsert() {
    let json = WireFormat.encode(diff(Self.rows(["a"]), Self.rows(["a", "b"])))
    #expect(json.hasPrefix(#"[{"op":"insert","parent":1,"before":null,"node":{"id":8,"tag":"tr""#))
  }

  @Test func aRunBreaksWhereTheShapeChanges() {
    // "d" carries class="danger": its attributes differ, so b and c are a run, d and e not.
    let patches = diff(Self.rows(["a"]), Self.rows(["a", "b", "c", "d", "e"], selected: "d"))
    let json = WireFormat.encode(patches)
    #expect(patches.count == 4)
    #expect(json.components(separatedBy: #"{"op":"inserts","#).count - 1 == 1)
    #expect(json.contains(#""more":[["c","c","x"]]"#))
    #expect(json.components(separatedBy: #"{"op":"insert","#).count - 1 == 2)
  }

  @Test func aRunNeedsOneParentOneAnchorAndIdsThatFollowOn() {
    func node(_ text: String) -> Node { li { text } }
    let followOn: [Patch] = [
      .insert(parent: 1, before: nil, node: node("a"), firstID: 5),
      .insert(parent: 1, before: nil, node: node("b"), firstID: 7),
    ]
    #expect(WireFormat.encode(followOn).contains(#""more":[["b"]]"#))
    let apart: [Patch] = [
      .insert(parent: 1, before: nil, node: node("a"), firstID: 5),
      .insert(parent: 1, before: nil, node: node("b"), firstID: 8),
    ]
    let otherParent: [Patch] = [
      .insert(parent: 1, before: nil, node: node("a"), firstID: 5),
      .insert(parent: 2, before: nil, node: node("b"), firstID: 7),
    ]
    let otherAnchor: [Patch] = [
      .insert(parent: 1, before: 3, node: node("a"), firstID: 5),
      .insert(parent: 1, before: 5, node: node("b"), firstID: 7),
    ]
    for patches in [apart, otherParent, otherAnchor] {
      #expect(!WireFormat.encode(patches).contains("inserts"))
    }
  }

  @Test func nodesWithPropertiesOrOtherListenersAreNeverOneRun() {
    let withValue: [Patch] = [
      .insert(parent: 1, before: nil, node: input(.value("a")), firstID: 5),
      .insert(parent: 1, before: nil, node: input(.value("a")), firstID: 6),
    ]
    let listening: [Patch] = [
      .insert(parent: 1, before: nil, node: button(.onClick {}) { "a" }, firstID: 5),
      .insert(parent: 1, before: nil, node: button(.onInput { _ in }) { "a" }, firstID: 7),
    ]
    #expect(!WireFormat.encode(withValue).contains("inserts"))
    #expect(!WireFormat.encode(listening).contains("inserts"))
  }

  @Test func onlyIdsKeysAndTextsVaryNotLookalikesInsideStringsOrKeyPresses() {
    // An attribute value that reads like a text field, and a key press's "key", are compared
    // as they are: only the element keys and the texts are the run's varying parts.
    func row(_ key: String, _ title: String) -> Node {
      li(.key(key), .title(title), .onKeyDown(.enter) { _ in }) { key + "!" }
    }
    let lookalike = #"x","text":"y"#
    let same: [Patch] = [
      .insert(parent: 1, before: nil, node: row("a", lookalike), firstID: 5),
      .insert(parent: 1, before: nil, node: row("b", lookalike), firstID: 7),
    ]
    let json = WireFormat.encode(same)
    #expect(json.hasPrefix(#"[{"op":"inserts","#))
    #expect(json.hasSuffix(#","more":[["b","b!"]]}]"#))
    let different: [Patch] = [
      .insert(parent: 1, before: nil, node: row("a", lookalike), firstID: 5),
      .insert(parent: 1, before: nil, node: row("b", #"x","text":"z"#), firstID: 7),
    ]
    #expect(!WireFormat.encode(different).contains("inserts"))
  }

  /// Lists of random rows, most of them copies of a few random trees with their own keys and
  /// texts, some edited: expanding their runs (as the page does, docs/PROTOCOL.md) gives
  /// exactly the patches written one by one. `hasRunShape` must agree with the node writer.
  @Test func runsOfRandomRowsExpandToThePatchesWrittenOneByOne() throws {
    var runs = 0
    for seed in 1...60 as ClosedRange<UInt64> {
      var random = RandomTree(seed: seed)
      let models = random.tree().filter { $0.element != nil }
      guard !models.isEmpty else { continue }
      var rows: [Node] = []
      for index in 0..<24 {
        var counter = 0
        // Every fifth copy without its keys: a run must end where keys come or go.
        let row = Self.relabel(models[index % models.count], "r\(index)", keyed: index % 5 != 2, &counter)
        rows.append(index % 7 == 3 ? random.edit([row]).first ?? row : row)
      }
      let patches = diff(div { "" }, div { "" ; rows })
      let written = WireFormat.encode(patches)
      let oneByOne = "[" + patches.map { patch in
        var writer = JSONWriter()
        WireFormat.write(patch, to: &writer)
        return writer.string
      }.joined(separator: ",") + "]"
      #expect(try Self.expandingRuns(JSONParser.parse(written)) == JSONParser.parse(oneByOne), "seed \(seed)")
      runs += written.components(separatedBy: #""op":"inserts""#).count - 1
    }
    #expect(runs > 20)
  }

  /// `node` with every key and text made new (`tag`, a count), escapes included; without keys
  /// unless `keyed`.
  static func relabel(_ node: Node, _ tag: String, keyed: Bool, _ counter: inout Int) -> Node {
    counter += 1
    let label = "\(tag)-\(counter) <&\"\u{A0}>"
    switch node {
    case .text: return .text(label)
    case .comment: return .comment(label)
    case .fragment: return node
    case .element(let element):
      var children: [Node] = []
      for child in element.children { children.append(relabel(child, tag, keyed: keyed, &counter)) }
      return .element(element.with(key: .some(element.key == nil || !keyed ? nil : label), children: children))
    }
  }

  /// The patches with each `inserts` entry expanded into its `insert` patches.
  static func expandingRuns(_ patches: JSONValue) -> JSONValue {
    guard case .array(let list) = patches else { return patches }
    var expanded: [JSONValue] = []
    for patch in list {
      guard case .object(let fields) = patch, field("op", of: fields) == .string("inserts"),
        let node = field("node", of: fields), case .array(let more)? = field("more", of: fields)
      else {
        expanded.append(patch)
        continue
      }
      func insert(_ node: JSONValue) -> JSONValue {
        .object([
          ("op", .string("insert")), ("parent", field("parent", of: fields)!), ("before", field("before", of: fields)!),
          ("node", node),
        ])
      }
      expanded.append(insert(node))
      let size = nodeCount(node)
      for (index, parts) in more.enumerated() {
        guard case .array(var strings) = parts else { return .null }
        strings.reverse()
        expanded.append(insert(refill(node, offset: (index + 1) * size, parts: &strings)))
      }
    }
    return .array(expanded)
  }

  static func field(_ name: String, of fields: [(key: String, value: JSONValue)]) -> JSONValue? {
    fields.first { $0.key == name }?.value
  }

  static func nodeCount(_ node: JSONValue) -> Int {
    guard case .object(let fields) = node, case .array(let children)? = field("children", of: fields) else { return 1 }
    return children.reduce(1) { $0 + nodeCount($1) }
  }

  /// The run's first node with its ids moved on by `offset` and its keys and texts, in
  /// document order, taken from the end of `parts`.
  static func refill(_ node: JSONValue, offset: Int, parts: inout [JSONValue]) -> JSONValue {
    guard case .object(let fields) = node else { return node }
    return .object(fields.map { name, value in
      switch (name, value) {
      case ("id", .number(let id)): return (name, .number(String(Int(id)! + offset)))
      case ("key", _), ("text", _), ("comment", _): return (name, parts.popLast() ?? .null)
      case ("children", .array(let children)): return (name, .array(children.map { refill($0, offset: offset, parts: &parts) }))
      default: return (name, value)
      }
    })
  }
}
