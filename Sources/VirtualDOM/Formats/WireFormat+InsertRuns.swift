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
/// Each further node is written out and compared with the first byte by byte: the definition
/// itself (the same JSON but for those parts), with no second notion of a node's shape to keep
/// in step with the writer. A WebAssembly module writes runs only when its app asks
/// (`WireFormat.writeInsertRuns`): they cost it 1.3 KB gzip of code.
extension WireFormat {
  /// Writes the patch at `start`, or the run of inserts beginning there as one `inserts` entry;
  /// returns the index of the next patch to write.
  static func writePatchOrInsertRun(_ patches: [Patch], from start: Int, to writer: inout JSONWriter) -> Int {
    let opening = writer.bytes.count
    write(patches[start], to: &writer)
    guard case .insert(let parent, let before, let first, let firstID) = patches[start] else { return start + 1 }
    // {"op":"insert","parent":…,"before":…,"node":{…}}: the node is from the first brace after
    // the op to the last byte but one.
    var head = opening + 1
    while writer.bytes[head] != 0x7B { head += 1 }
    writer.bytes.removeLast()
    let headEnd = writer.bytes.count
    var nextID = firstID + first.subtreeSize
    var end = start + 1
    while end < patches.count, case .insert(let otherParent, let otherBefore, let node, let id) = patches[end],
      otherParent == parent, otherBefore == before, id == nextID, mayHaveSameShape(first, node)
    {
      let mark = writer.bytes.count
      writer.raw(end == start + 1 ? ",\"more\":[[" : ",[")
      let nodeStart = writer.bytes.count
      write(node, nextID: &nextID, to: &writer)
      let partsEnd = writer.bytes.withUnsafeMutableBufferPointer {
        moveVaryingParts($0, head: head..<headEnd, node: nodeStart..<$0.count)
      }
      writer.bytes.removeLast(writer.bytes.count - (partsEnd ?? mark))
      guard partsEnd != nil else { break }
      writer.raw("]")
      end += 1
    }
    if end > start + 1 {
      writer.raw("]")
      // {"op":"insert| becomes "inserts": the rest moves up one byte.
      writer.bytes.append(0)
      writer.bytes.withUnsafeMutableBufferPointer { bytes in
        let quote = bytes.baseAddress! + opening + 13
        UnsafeMutableRawPointer(quote + 1).copyMemory(from: quote, byteCount: bytes.count - opening - 14)
        quote.pointee = 0x73
      }
    }
    writer.raw("}")
    return end
  }

  /// The cheap part of `moveVaryingParts`'s test, before a node is written out for it: the
  /// same kind of node, and elements with the same tag. A neighbour of another kind would be
  /// written twice, once only to be compared.
  private static func mayHaveSameShape(_ a: Node, _ b: Node) -> Bool {
    switch (a, b) {
    case (.element(let a), .element(let b)): return a.hasSameTag(as: b)
    case (.text, .text), (.comment, .comment): return true
    default: return false
    }
  }

  /// Compares the node written at `node` with the run's first, at `head` (ranges of `bytes`):
  /// the same JSON but for ids and the strings of keys, texts and comments? If so, moves those
  /// strings of the node, comma-separated, to the node's start and returns where they end;
  /// otherwise nil, and nil when `head` has properties (a copy of a built node would carry
  /// form state, so the page builds those one by one). The strings only move down: each lies
  /// past its field's name, which is longer than the comma written before it.
  private static func moveVaryingParts(_ bytes: UnsafeMutableBufferPointer<UInt8>, head: Range<Int>, node: Range<Int>)
    -> Int?
  {
    var (i, j, end) = (head.lowerBound, node.lowerBound, node.lowerBound)
    var inString = false
    while i < head.upperBound {
      guard j < node.upperBound, bytes[i] == bytes[j] else { return nil }
      if inString {
        if bytes[i] == 0x5C {
          // An escape's second byte is compared as it is, never read as a closing quote.
          (i, j) = (i + 1, j + 1)
          guard bytes[i] == bytes[j] else { return nil }
        } else if bytes[i] == 0x22 {
          inString = false
        }
      } else if bytes[i] == 0x22 {
        inString = true
      } else if case let field = varyingField(bytes, at: i), field > 0 {
        guard field != Self.propertiesField, varyingField(bytes, at: j) == field else { return nil }
        (i, j) = (i + field, j + field)
        if field == Self.idField {
          while i < head.upperBound && bytes[i] != 0x2C { i += 1 }
          while j < node.upperBound && bytes[j] != 0x2C { j += 1 }
        } else {
          i = endOfString(bytes, from: i)
          let stringEnd = endOfString(bytes, from: j)
          if end > node.lowerBound {
            bytes[end] = 0x2C
            end += 1
          }
          UnsafeMutableRawPointer(bytes.baseAddress! + end).copyMemory(from: bytes.baseAddress! + j, byteCount: stringEnd - j)
          (end, j) = (end + stringEnd - j, stringEnd)
        }
        continue
      }
      (i, j) = (i + 1, j + 1)
    }
    return j == node.upperBound ? end : nil
  }

  // (In a WebAssembly module `varyingField` and `endOfString` are calls: each has two callers.)

  /// The fields `varyingField` finds, by the length of their names.
  private static let idField = 6, propertiesField = 9

  /// The length of the name of a field that varies within a run (or, properties, ends it) when
  /// one starts at `index` with the brace or comma before it, else 0: `{"id":` 6, `,"key":` 7
  /// (an element's: a key press's follows a brace), `,"text":` 8, `,"props":` 9, `,"comment":`
  /// 11. Each is matched as a little-endian word of its first eight bytes.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  private static func varyingField(_ bytes: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int {
    guard index + 11 <= bytes.count else { return 0 }
    let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
    if word & 0xFFFF_FFFF_FFFF == 0x3A22_6469_227B { return 6 }  // {"id":
    if word & 0xFF_FFFF_FFFF_FFFF == 0x3A_2279_656B_222C { return 7 }  // ,"key":
    if word == 0x3A22_7478_6574_222C { return 8 }  // ,"text":
    if word == 0x2273_706F_7270_222C && bytes[index + 8] == 0x3A { return 9 }  // ,"props" + :
    if word == 0x6E65_6D6D_6F63_222C && bytes[index + 8] == 0x74 && bytes[index + 9] == 0x22 && bytes[index + 10] == 0x3A {
      return 11  // ,"commen + t":
    }
    return 0
  }

  /// The index after the JSON string that opens at `start`.
  #if hasFeature(Embedded)
  @inline(never)
  #endif
  private static func endOfString(_ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start + 1
    while bytes[index] != 0x22 { index += bytes[index] == 0x5C ? 2 : 1 }
    return index + 1
  }
}
