// The prefetch instruction, for the passes that know which memory they read next
// (SubtreePrefetch, KeyTable). Native only: WebAssembly has none.

#if !hasFeature(Embedded) && !NAVDOM_NO_PREFETCH
/// Asks for the cache line holding `address` to be brought into every cache level. Nothing
/// waits for it, and an address outside any allocation is harmless.
@inline(__always)
func prefetch(_ address: UnsafeRawPointer) {
  llvmPrefetch(address, 0, 3, 1)
}

/// `prefetch`, for a line about to be written.
@inline(__always)
func prefetchForWriting(_ address: UnsafeRawPointer) {
  llvmPrefetch(address, 1, 3, 1)
}

/// LLVM's prefetch intrinsic: (address, 0: for reading, 3: keep in every level, 1: data). Swift
/// has no prefetch of its own.
@_silgen_name("llvm.prefetch.p0")
private func llvmPrefetch(_ address: UnsafeRawPointer, _ write: Int32, _ locality: Int32, _ cacheType: Int32)
#elseif !hasFeature(Embedded)
// `-D NAVDOM_NO_PREFETCH` (the ThreadSanitizer build in Scripts/test.sh): no prefetches, because
// a sanitized build wraps calls so that LLVM rejects the bare intrinsic.
@inline(__always)
func prefetch(_ address: UnsafeRawPointer) {}

@inline(__always)
func prefetchForWriting(_ address: UnsafeRawPointer) {}
#endif
