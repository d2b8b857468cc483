import Foundation
import Testing
import VirtualDOM

/// docs/PROTOCOL.md's examples are the exact output of the diff for the trees they describe.
@Suite struct ProtocolDocumentTests {
  static func documentedExamples() throws -> [String] {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/PROTOCOL.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    let section = text.components(separatedBy: "<!-- protocol-examples:begin -->")[1]
      .components(separatedBy: "<!-- protocol-examples:end -->")[0]
    return section.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
  }

  /// The trees each example describes, in the document's order.
  /// Built anew on each read: trees hold closures, so they are not `Sendable` statics.
  static var cases: [(old: Node, new: Node)] {
    [
      (ul { li { "One" } }, ul { li { "One" }; li { "Two" } }),
      (ul { li(.key("a")) { "a" } }, ul { li(.key("a")) { "a" }; li(.key("b")) { "b" }; li(.key("c")) { "c" } }),
      (ul { li(.key("a")) { "a" }; li(.key("b")) { "b" }; li(.key("c")) { "c" } },
       ul { li(.key("c")) { "c" }; li(.key("a")) { "a" }; li(.key("b")) { "b" } }),
      (ul { li(.key("a")) { "a" }; li(.key("b")) { "b" }; li(.key("c")) { "c" } },
       ul { li(.key("a")) { "a" }; li(.key("c")) { "c" } }),
      (ul { li { "One" }; li { "Two" } }, ul {}),
      (p { "Hi" }, h1 { "Hi" }),
      (p { "Hi" }, p { "Hello" }),
      (tr(.class("a")) {}, tr(.title("b")) {}),
      (input(.value("x")), input(.checked(true))),
      (button(.onClick {}) {}, button(.onInput { _ in }) {}),
      (main {}, main { dialog(.onMount(.showModal)) {} }),
    ]
  }


  @Test func everyExampleIsTheDiffsOutput() throws {
    let examples = try Self.documentedExamples()
    #expect(examples.count == Self.cases.count)
    for (index, example) in examples.enumerated() where index < Self.cases.count {
      let (old, new) = Self.cases[index]
      #expect(WireFormat.encode(diff(old, new)) == example, "example \(index + 1)")
    }
  }

  @Test func theExamplesCoverEveryOperation() throws {
    let operations = Set(Self.cases.flatMap { diff($0.old, $0.new).map(\.operation) })
    #expect(
      operations == [
        "insert", "move", "remove", "clear", "replace", "text", "setAttr", "removeAttr", "setProp",
        "removeProp", "listen", "unlisten", "invoke",
      ])
  }
}
