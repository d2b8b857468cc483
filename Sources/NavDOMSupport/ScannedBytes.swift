extension String {
  /// The string's UTF-8 bytes, for a loop that reads them one by one.
  ///
  /// Natively it is the UTF-8 view: no copy. In Embedded Swift it is an array, because a loop
  /// over the view brings the view's index checks for non-UTF-8 strings into the WebAssembly
  /// module, and Embedded Swift's strings are all UTF-8 (about 1 KB gzip in the demo's module).
  ///
  /// ```swift
  /// for byte in text.scannedBytes where byte == UInt8(ascii: "/") { slashes += 1 }
  /// ```
  #if hasFeature(Embedded)
  @inlinable package var scannedBytes: [UInt8] { Array(utf8) }
  #else
  @inlinable package var scannedBytes: String.UTF8View { utf8 }
  #endif
}
