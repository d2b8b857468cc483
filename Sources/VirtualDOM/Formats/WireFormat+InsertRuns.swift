/// Runs of inserts on the wire: the rows of a list arrive as `insert` patches one after the
/// other, into one parent before one anchor, their ids following on, each node written as the
/// first is but for its ids, keys and texts. Such a run is written as one `inserts` entry: the
/// first node whole, then for each further node only its keys and texts, in document order
/// (`more`); its ids are the first node's, moved on by the node's size for each place in the
/// run.
///
/// ```json
/// {"op":"inserts","parent":2,"before":null,"node":{"id":5,"tag":"li","key":"a","children":[{"id":6,"text":"Apple"}]},"more":[["b","Banana"],["c","Cherry"]]}
/// ```
///
/// Expanding it gives back exactly the `insert` patches (docs/PROTOCOL.md). A page is sent a
/// few strings per row, and parses them, instead of a tree of objects: the benchmark's 1,000
/// new rows are 35 KB of JSON instead of 612 KB.
///
/// A node joins the run when `hasRunShape` finds it the same as the first in every field
/// `write(_:ids:to:)` writes but ids, keys and texts, comparing the trees themselves: nothing
/// of it is written but its keys and texts. (Writing each node out and comparing its JSON with
/// the first's took a WebAssembly module half its time for 1,000 new rows.) The two must stay
/// in step: InsertRunTests expands the runs of random trees and compares them with the
/// patches written one by one. A WebAssembly module writes runs only when its app asks
/// (`WireFormat.writeInsertRuns`).
extension WireFormat {
  /// Writes the patch at `start`, or the run of inserts beginning there as one `inserts` entry;
  /// returns the index of the next patch to write.
  static func writePatchOrInsertRun(_ patches: [Patch], from start: Int, to writer: inout JSONWriter) -> Int {
    guard case .insert(let parent, let before, let first, let firstID) = patches[start] else {
      write(patches[start], to: &writer)
      return start + 1
    }
    var end = start + 1
    var nextID = firstID + first.subtreeSize
    while end < patches.count, case .insert(let otherParent, let otherBefore, let node, let id) = patches[end],
      otherParent == parent, otherBefore == before, id == nextID, hasRunShape(first, node)
    {
      nextID += node.subtreeSize
      end += 1
    }
    guard end > start + 1 else {
      write(patches[start], to: &writer)
      return end
    }
    writer.raw("{\"op\":\"inserts\"")
    writeInsertFields(parent: parent, before: before, node: first, firstID: firstID, to: &writer)
    writer.key("more")
    writer.raw("[")
    var isFirstRow = true
    for case .insert(_, _, let node, _) in patches[start + 1..<end] {
      writer.raw(isFirstRow ? "[" : ",[")
      isFirstRow = false
      var isFirstPart = true
      writeVaryingParts(of: node, isFirst: &isFirstPart, to: &writer)
      writer.raw("]")
    }
    writer.raw("]}")
    return end
  }

  /// Whether `node` is written as `first` is but for ids, keys and texts: the same kinds of
  /// node in the same places, elements with the same tag, namespace, attributes and listened
  /// events, a key where `first` has one, and no properties on either (a copy of a built node
  /// would carry form state, so the page builds those one by one).
  private static func hasRunShape(_ first: Node, _ node: Node) -> Bool {
    switch (first, node) {
    case (.text, .text), (.comment, .comment): return true
    case (.element(let a), .element(let b)): return hasRunShape(a, b)
    default: return false  // other kinds, and fragments, which stored trees never hold
    }
  }

  private static func hasRunShape(_ a: Element, _ b: Element) -> Bool {
    guard a.hasSameTag(as: b), a.namespace == b.namespace, a.hasKey == b.hasKey,
      a.childCount == b.childCount,
      a.withAttributes({ x in b.withAttributes { y in Differ.sameAttributes(x, y) } })
    else { return false }
    if a.hasExtras || b.hasExtras {
      // Listeners compare by event and options, as `on` writes them; mount methods are not
      // part of a node's JSON. (Read in place: each element's extras were read once per part,
      // each read a copy of them.)
      let sameExtras = a.withExtras { x in
        b.withExtras { y in
          (x?.pointee.properties.isEmpty ?? true) && (y?.pointee.properties.isEmpty ?? true)
            && EventListener.same(x?.pointee.listeners ?? [], y?.pointee.listeners ?? [])
        }
      }
      guard sameExtras else { return false }
    }
    return a.withChildren { x in
      b.withChildren { y in
        for index in 0..<x.count {
          let same =
            Element.withElements(at: x.baseAddress! + index, y.baseAddress! + index) { hasRunShape($0, $1) }
            ?? hasRunShape(x[index], y[index])
          guard same else { return false }
        }
        return true
      }
    }
  }

  /// The keys and texts of `node`, in document order, as comma-separated JSON strings: what
  /// the page puts into its copy of the run's first node.
  private static func writeVaryingParts(of node: Node, isFirst: inout Bool, to writer: inout JSONWriter) {
    switch node {
    case .text(let text), .comment(let text):
      writePart(text, isFirst: &isFirst, to: &writer)
    case .element(let element):
      if let key = element.key { writePart(key, isFirst: &isFirst, to: &writer) }
      element.withChildren { children in
        for index in 0..<children.count {
          writeVaryingParts(of: children[index], isFirst: &isFirst, to: &writer)
        }
      }
    case .fragment:
      break  // never in a run (`hasRunShape`)
    }
  }

  private static func writePart(_ part: String, isFirst: inout Bool, to writer: inout JSONWriter) {
    if !isFirst { writer.raw(",") }
    isFirst = false
    writer.string(part)
  }
}
