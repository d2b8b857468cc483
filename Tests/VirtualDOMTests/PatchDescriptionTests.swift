import Testing
import VirtualDOM

@Suite struct PatchDescriptionTests {
  @Test func linesNameNodesByIdAndSummary() {
    let old = ul(.class("items")) { li(.key("a")) { "Keyboard" }; li(.key("b")) { "Phone" } }
    let new = ul(.class("items")) { li(.key("b")) { "Phone" } }
    let before = MountedTree([old])
    var mounted = before
    let lines = PatchDescription.lines(for: mounted.update(to: [new]), before: before)
    #expect(lines == [#"remove #2 <li> "Keyboard""#])
  }

  @Test func insertedNodesAreSummarisedWithTheirText() {
    let lines = PatchDescription.lines(
      for: diff(main {}, main { dialog(.role("alertdialog")) { h2 { "Delete Keyboard?" } } }),
      before: MountedTree([main {}]))
    #expect(lines == [#"insert #2 <dialog role="alertdialog"> "Delete Keyboard?" into #1 <main> at the end"#])
  }
}
