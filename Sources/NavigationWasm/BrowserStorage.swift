// VisitorStorage from WebAssembly: the browser's localStorage, through two imports runtime.js
// gives the module (wasm-transport.js: `env.navdom_storage_get`, `env.navdom_storage_set`).
// Natively this file is empty.
#if arch(wasm32)
import NavDOMWasmABI
import NavigationCore

/// The value kept under the key (`keyLength` bytes of UTF-8), copied into a fresh allocation
/// of the module's (`navdom_alloc`), packed as pointer | length << 32; 0 when there is none.
@_extern(wasm, module: "env", name: "navdom_storage_get")
private func hostStorageGet(_ key: UnsafePointer<UInt8>?, _ keyLength: Int32) -> Int64

/// Keeps the value under the key; a `valueLength` of -1 forgets it.
@_extern(wasm, module: "env", name: "navdom_storage_set")
private func hostStorageSet(
  _ key: UnsafePointer<UInt8>?, _ keyLength: Int32, _ value: UnsafePointer<UInt8>?, _ valueLength: Int32)

/// The page's visitor storage: localStorage, per browser profile and origin.
enum BrowserStorage {
  static func make() -> VisitorStorage {
    VisitorStorage(read: read, write: write)
  }

  private static func read(_ key: String) -> String? {
    var key = key
    let packed = key.withUTF8 { hostStorageGet($0.baseAddress, Int32($0.count)) }
    if packed == 0 { return nil }
    let bits = UInt64(bitPattern: packed)
    guard let pointer = UnsafeMutablePointer<UInt8>(bitPattern: UInt(bits & 0xFFFF_FFFF)) else { return nil }
    defer { navdomFree(pointer) }
    return String(decoding: UnsafeBufferPointer(start: pointer, count: Int((bits >> 32) & 0x7FFF_FFFF)), as: UTF8.self)
  }

  private static func write(_ key: String, _ value: String?) {
    var key = key
    key.withUTF8 { keyBytes in
      guard var value else { return hostStorageSet(keyBytes.baseAddress, Int32(keyBytes.count), nil, -1) }
      value.withUTF8 { hostStorageSet(keyBytes.baseAddress, Int32(keyBytes.count), $0.baseAddress, Int32($0.count)) }
    }
  }
}
#endif
