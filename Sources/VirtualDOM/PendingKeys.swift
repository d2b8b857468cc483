/// The hashes of the last few keys a pass over a keyed list has read, waiting to be entered in
/// the list's `KeyTable`.
///
/// Each key goes to a slot of the table at random. Once the table has outgrown the first-level
/// cache (10,000 rows: 20,000 keys, 256 KB, and the trees stream through the second level too)
/// that slot is a cache miss, and the probe waited for it: in the diff that replaces every
/// row, the probe's first load took as long as hashing the key. So a pass hashes each key as it
/// reads it (`KeyTable.hashPrefetchingSlot(_:)`, which asks for the slot) and enters it `length`
/// children later, when the slot has arrived. Keys are entered in the order they were read, so
/// the table, and the duplicates it finds, are the same as without the wait.
///
/// A pass runs `length` steps past its last child; at each step it first enters the child read
/// `length` steps before (whose place the step's own hash then takes):
///
/// ```swift
/// var pending = PendingKeys()
/// for index in first..<(end + PendingKeys.length) {
///   let entered = index - PendingKeys.length
///   if entered >= first { _ = keys.claimForNew(entered, hash: pending[entered]) }
///   guard index < end else { continue }
///   pending[index] = keys.hashPrefetchingSlot(key(at: index))
/// }
/// ```
///
/// Not in the WebAssembly module, which has no prefetch: there each key is entered as it is
/// read.
#if !hasFeature(Embedded)
struct PendingKeys {
  /// How many children after its own a key is entered: longer than a miss takes, at a few
  /// dozen nanoseconds per key read and hashed. As many as `hashes` holds, a power of two.
  static let length = 8

  /// The hash of child `i` at `i & (length - 1)`, for the last `length` children read.
  private var hashes: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

  /// The hash of the key of the child at `index`, one of the last `length` children read.
  subscript(index: Int) -> Int {
    get {
      withUnsafeBytes(of: hashes) { $0.load(fromByteOffset: Self.offset(of: index), as: Int.self) }
    }
    set {
      withUnsafeMutableBytes(of: &hashes) {
        $0.storeBytes(of: newValue, toByteOffset: Self.offset(of: index), as: Int.self)
      }
    }
  }

  /// Where in `hashes` the hash of child `index` is.
  @inline(__always)
  private static func offset(of index: Int) -> Int { (index & (length - 1)) * MemoryLayout<Int>.stride }
}
#endif
