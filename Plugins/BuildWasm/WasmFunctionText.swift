import Foundation

/// `wasm-dis`'s text of a module, split into the lines before the first function, the
/// function blocks and the lines after the last one, so the blocks can be written in another
/// order. A block runs from a line starting with ` (func ` to the line before the next one at
/// the module's level (` (`) or the module's closing `)`. The last block so takes the ` ;;`
/// comments wasm-dis writes about custom sections at the end: wasm-as ignores them wherever
/// they go, and leaving them there keeps the similarity (and so the order) the measured one.
struct WasmFunctionText {
  let bytes: [UInt8]
  /// Each function's byte range, header line included, in the module's order.
  private(set) var blocks: [Range<Int>] = []
  /// The byte offset of each line's start, and of the end.
  private var lineStarts: [Int] = []

  /// Nil unless the text is shaped as the step expects: the blocks contiguous, one per
  /// ` (func ` line.
  init?(_ bytes: [UInt8]) {
    self.bytes = bytes
    // A plain loop over the buffer: the plugin is compiled without optimisation, and the
    // demo's text is ~3 MB.
    lineStarts = bytes.withUnsafeBufferPointer { buffer in
      var starts = [0]
      for index in 0..<buffer.count where buffer[index] == 0x0A { starts.append(index + 1) }
      return starts
    }
    if lineStarts.last != bytes.count { lineStarts.append(bytes.count) }
    var funcLines = 0
    var open: Int?
    for line in lineStarts.dropLast() {
      let isFunction = starts(line, with: Self.function)
      if isFunction { funcLines += 1 }
      guard isFunction || starts(line, with: Self.moduleField) || starts(line, with: Self.moduleEnd) else { continue }
      if let start = open { blocks.append(start..<line) }
      open = isFunction ? line : nil
    }
    if let start = open { blocks.append(start..<bytes.count) }
    let contiguous = zip(blocks, blocks.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }
    guard !blocks.isEmpty, contiguous, blocks.count == funcLines else { return nil }
  }

  private static let function = Array(" (func ".utf8)
  private static let moduleField = Array(" (".utf8)
  private static let moduleEnd = Array(")".utf8)

  private func starts(_ offset: Int, with prefix: [UInt8]) -> Bool {
    offset + prefix.count <= bytes.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
  }

  /// The block's lines, its header included (how "smallest" and "largest" are measured).
  func lineCount(of block: Int) -> Int {
    let range = blocks[block]
    let first = lineStarts.partitionPoint { $0 < range.lowerBound }
    return lineStarts.partitionPoint { $0 < range.upperBound } - first
  }

  /// The block without its header line: what the similarity compares (the header holds the
  /// function's own name and type, which say little about its code).
  func body(of block: Int) -> Range<Int> {
    let range = blocks[block]
    let newline = bytes[range].firstIndex(of: 0x0A).map { $0 + 1 } ?? range.upperBound
    return newline..<range.upperBound
  }

  /// The whole text with the blocks in `order` (a permutation of their indices).
  func text(in order: [Int]) -> Data {
    var data = Data(capacity: bytes.count)
    data.append(contentsOf: bytes[0..<blocks[0].lowerBound])
    for block in order { data.append(contentsOf: bytes[blocks[block]]) }
    data.append(contentsOf: bytes[blocks[blocks.count - 1].upperBound...])
    return data
  }
}

extension Array {
  /// The first index whose element fails `belongs`, for an array where those that pass come
  /// first (sorted line offsets): a binary search.
  fileprivate func partitionPoint(_ belongs: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongs(self[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

extension WasmFunctionText {
  /// How many direct `call`s name each function (by block), counted over the whole text.
  func callCounts() -> [Int] {
    var blockOf: [String: Int] = [:]
    for block in blocks.indices { blockOf[name(at: blocks[block].lowerBound + Self.function.count)] = block }
    var counts = [Int](repeating: 0, count: blocks.count)
    let call = Array("(call $".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset + call.count < buffer.count {
        // The first byte alone rules out almost every offset, unoptimised code being slow.
        if buffer[offset] == 0x28, buffer[offset..<offset + call.count].elementsEqual(call),
          let block = blockOf[name(at: offset + call.count - 1)]
        {
          counts[block] += 1
        }
        offset += 1
      }
    }
    return counts
  }

  /// The functions the module imports, which take the first function indices.
  var importedFunctions: Int {
    lineStarts.prefix { $0 < blocks[0].lowerBound }.filter { start in
      let line = bytes[start..<(bytes[start...].firstIndex(of: 0x0A) ?? bytes.count)]
      return line.starts(with: Self.importField)
        && line.indices.contains { bytes[$0..<line.endIndex].starts(with: Self.importedFunction) }
    }.count
  }

  /// The `$name` at `offset`: up to a space, `)` or the line's end.
  private func name(at offset: Int) -> String {
    var end = offset
    while end < bytes.count, ![0x20, 0x29, 0x0A].contains(bytes[end]) { end += 1 }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }

  private static let importField = Array(" (import ".utf8)
  private static let importedFunction = Array("(func $".utf8)
}
