// The ABI exists only in a wasm32 build; natively this module is empty, so that the package
// builds whole on the host too.
#if arch(wasm32)
import NavDOMWasmLibc

/// The JavaScript-facing calling convention of the modules (`navdom.wasm`, `navdom-bench.wasm`),
/// shared by every export. Linking this target also exports the allocator and memory probes below.
///
/// Strings travel through linear memory as UTF-8. The host passes one in by allocating with
/// `navdom_alloc(size)`, writing the bytes, passing `(pointer, length)`, and freeing with
/// `navdom_free(pointer)`. Swift hands one back as a single `i64`:
///
/// ```
/// result >= 0:  pointer = result & 0xFFFFFFFF, length = result >> 32   the output
/// result <  0:  the same with bit 63 cleared                           an error message
/// ```
///
/// Either way the host reads `length` bytes at `pointer`, then calls `navdom_free(pointer)`.
///
/// ```js
/// const result = exports.render_table(1000);
/// const pointer = Number(BigInt.asUintN(32, result));
/// const length = Number((BigInt.asUintN(64, result) >> 32n) & 0x7FFFFFFFn);
/// ```
public enum WasmABI {
  /// Copies `bytes` into a fresh allocation the host owns and packs it as a result.
  public static func result(_ bytes: UnsafeBufferPointer<UInt8>, isError: Bool = false) -> Int64 {
    // Always allocate at least one byte, so a successful empty result has a real pointer.
    guard let pointer = malloc(max(bytes.count, 1)) else { return failureWithoutMemory }
    if let base = bytes.baseAddress { memcpy(pointer, base, bytes.count) }
    let address = UInt64(UInt(bitPattern: pointer))
    let packed = address | UInt64(bytes.count) << 32
    return Int64(bitPattern: isError ? packed | 1 << 63 : packed)
  }

  /// The UTF-8 of `bytes` as a result.
  public static func result(_ bytes: [UInt8]) -> Int64 {
    bytes.withUnsafeBufferPointer { result($0) }
  }

  /// The UTF-8 of `string` as a result.
  @inline(never)  // one copy of the String code, not one per export
  public static func result(_ string: String) -> Int64 {
    var string = string
    return string.withUTF8 { result($0) }
  }

  /// `message` as an error result.
  @inline(never)  // one copy of the String code, not one per export
  public static func failure(_ message: String) -> Int64 {
    var message = message
    return message.withUTF8 { result($0, isError: true) }
  }

  /// The error result when even the error message cannot be allocated: null, length 0.
  public static let failureWithoutMemory = Int64(bitPattern: 1 << 63)

  /// The string the host wrote at `pointer`, `count` bytes of UTF-8.
  @inline(never)  // one copy of the String code, not one per export
  public static func string(_ pointer: UnsafePointer<UInt8>?, _ count: Int32) -> String {
    guard let pointer, count > 0 else { return "" }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: Int(count)), as: UTF8.self)
  }
}

/// Allocates `size` bytes for the host to pass a string in; 0 when memory is exhausted.
@_expose(wasm, "navdom_alloc")
@_cdecl("navdom_alloc")
public func navdomAlloc(_ size: Int32) -> UnsafeMutableRawPointer? {
  malloc(Int(max(size, 1)))
}

/// Frees memory from `navdom_alloc` or from a result.
@_expose(wasm, "navdom_free")
@_cdecl("navdom_free")
public func navdomFree(_ pointer: UnsafeMutableRawPointer?) {
  free(pointer)
}

/// The size of linear memory in 64 KiB pages, to check that repeated work keeps it flat.
@_expose(wasm, "memory_pages")
@_cdecl("memory_pages")
public func memoryPages() -> Int32 {
  Int32(bitPattern: wasmlibc_memory_pages())
}

/// Bytes currently allocated (rounded to size classes): a leak shows as steady growth.
@_expose(wasm, "bytes_in_use")
@_cdecl("bytes_in_use")
public func bytesInUse() -> Int32 {
  Int32(bitPattern: wasmlibc_bytes_in_use())
}
#endif
