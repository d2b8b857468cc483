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
}
