/// A growable run of values that a `NodeArena` owns outright, and empties without giving its
/// memory back: the next render reuses it.
///
/// An `Array` would do the same work, but every read of an array held in a class is checked for
/// exclusive access at run time; the arena hands its readers plain pointers instead
/// (`TreeReader`), valid while nothing is appended.
struct ArenaBuffer<Value: MovableByItsBytes> {
  private(set) var base: UnsafeMutablePointer<Value>? = nil
  private(set) var count = 0
  private(set) var capacity = 0

  /// Appends `value` and returns its index.
  @inline(__always)
  @discardableResult
  mutating func append(_ value: consuming Value) -> Int {
    if count == capacity { grow(toAtLeast: count + 1) }
    (base.unsafelyUnwrapped + count).initialize(to: value)
    count += 1
    return count - 1
  }

  @inline(__always)
  subscript(index: Int) -> Value {
    base.unsafelyUnwrapped[index]
  }

  /// Replaces the value at `index`.
  @inline(__always)
  mutating func set(_ index: Int, _ value: consuming Value) {
    base.unsafelyUnwrapped[index] = value
  }

  /// Makes room for `extra` more values, at least doubling (so appends stay amortized O(1)).
  mutating func reserve(_ extra: Int) {
    if count + extra > capacity { grow(toAtLeast: count + extra) }
  }

  private mutating func grow(toAtLeast minimum: Int) {
    let newCapacity = max(minimum, max(capacity * 2, 16))
    let stride = MemoryLayout<Value>.stride
    base = moveToNewBlock(
      UnsafeMutableRawPointer(base), byteCount: count * stride, newByteCount: newCapacity * stride,
      alignment: MemoryLayout<Value>.alignment
    ).bindMemory(to: Value.self, capacity: newCapacity)
    capacity = newCapacity
  }

  /// Destroys the values and keeps the memory.
  mutating func removeAll() {
    if let base, count > 0 { base.deinitialize(count: count) }
    count = 0
  }

  /// Destroys the values and gives the memory back; the buffer is empty afterwards.
  mutating func release() {
    removeAll()
    base?.deallocate()
    base = nil
    capacity = 0
  }
}


/// A type whose values an `ArenaBuffer` moves to a larger block by copying their bytes.
///
/// Swift moves a value of a type without weak references, atomics or self-addresses by
/// copying its bytes ("bitwise takable" in its type layout): plain records, `String`s and
/// class references among them. Only such types conform, each one checked by hand, so one
/// non-generic function grows every buffer (a generic move was one copy per value type in a
/// WebAssembly module).
protocol MovableByItsBytes {}

extension ElementRecord: MovableByItsBytes {}
extension StoredChild: MovableByItsBytes {}
extension Attribute: MovableByItsBytes {}
extension String: MovableByItsBytes {}
extension Element.Extras: MovableByItsBytes {}

/// Moves `byteCount` bytes of values from `base` (if any) to a new block of `newByteCount`
/// bytes, and frees the old block, whose values are then moved out, not destroyed.
@inline(never)
private func moveToNewBlock(
  _ base: UnsafeMutableRawPointer?, byteCount: Int, newByteCount: Int, alignment: Int
) -> UnsafeMutableRawPointer {
  let newBase = UnsafeMutableRawPointer.allocate(byteCount: newByteCount, alignment: alignment)
  if let base {
    newBase.copyMemory(from: base, byteCount: byteCount)
    base.deallocate()
  }
  return newBase
}
