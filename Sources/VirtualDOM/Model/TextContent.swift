extension Node {
  /// The text of this subtree with runs of white space collapsed to one space and trimmed: what
  /// a person reads. Comments are skipped.
  ///
  /// ```swift
  /// button { span { "Add" }; " item" }.textContent()                  // "Add item"
  /// li { b { "Keyboard" }; i { "Blue" } }.textContent(separatingElements: true)  // "Keyboard Blue"
  /// ```
  ///
  /// - Parameter separatingElements: Put a space at element boundaries too, so the texts of
  ///   neighbouring elements stay apart (for summaries); `false` joins them as the DOM's
  ///   `textContent` does (for matching a button's label).
  public func textContent(separatingElements: Bool = false) -> String {
    var raw = ""
    func collect(_ node: Node) {
      switch node {
      case .text(let value): raw += value
      case .element(let element):
        if separatingElements { raw += " " }
        for child in element.children { collect(child) }
        if separatingElements { raw += " " }
      case .fragment(let nodes): for child in nodes { collect(child) }
      case .comment: break
      }
    }
    collect(self)
    var collapsed = ""
    var lastWasSpace = true
    for scalar in raw.unicodeScalars {
      if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
        if !lastWasSpace { collapsed.unicodeScalars.append(" ") }
        lastWasSpace = true
      } else {
        collapsed.unicodeScalars.append(scalar)
        lastWasSpace = false
      }
    }
    if collapsed.unicodeScalars.last == " " { collapsed.unicodeScalars.removeLast() }
    return collapsed
  }
}
