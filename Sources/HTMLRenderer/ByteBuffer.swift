/// A growable byte buffer with a cheap append: the serializer's output.
///
/// `[UInt8].append(contentsOf:)` goes through generic collection code on every call; HTML is
/// written as many short pieces, so a plain pointer, a count and `memcpy`-style copies make the
/// serializer several times faster.
final class ByteBuffer {
  /// Owned by this buffer alone (allocated here, freed in `deinit` or when it grows); readers
  /// get it only inside the serializer's `withBytes` scope.
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  init(capacity: Int) {
    self.capacity = max(capacity, 64)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  var last: UInt8? { count == 0 ? nil : base[count - 1] }

  @inline(__always)
  func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  // Out of line: it runs a few times per page, and inlined it was copied into every append.
  @inline(never)
  private func grow(to needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  @inline(__always)
  func append(_ byte: UInt8) {
    if count == capacity { grow(to: count + 1) }
    base[count] = byte
    count += 1
  }

  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
    reserve(bytes.count)
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  /// Makes room for `extra` bytes and returns where the next one goes, for a writer that
  /// stores several pieces after this one check and then calls `advance(to:)`.
  @inline(__always)
  func end(reserving extra: Int) -> UnsafeMutablePointer<UInt8> {
    reserve(extra)
    return base + count
  }

  /// Counts the bytes stored from `end(reserving:)`'s pointer up to `end` as written.
  @inline(__always)
  func advance(to end: UnsafeMutablePointer<UInt8>) {
    count = end - base
  }

  @inline(__always)
  func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  @inline(__always)
  func append(_ text: String) {
    // In place when contiguous (always, for native strings): no copy, so no retain.
    if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
      var text = text
      text.withUTF8 { append($0) }
    }
  }

  /// Drops what was written after the first `count` bytes; the memory is kept.
  func truncate(to count: Int) {
    precondition(count >= 0 && count <= self.count)
    self.count = count
  }

  /// A copy of the bytes written.
  var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// The bytes written, as a string.
  var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }
}
