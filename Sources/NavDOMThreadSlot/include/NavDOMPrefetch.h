// A prefetch hint for the portable modules, which have no way to give one in Swift: the diff
// uses it to start loading the elements it will reach a few children later (Differ+Prefetch).
// In a wasm32 module it does nothing (WebAssembly has no prefetch).
#ifndef NAVDOM_PREFETCH_H
#define NAVDOM_PREFETCH_H

/// Asks the processor to start loading the cache line at `address` for reading. Never faults,
/// whatever the address.
static inline void navdom_prefetch(const void *address) {
#if defined(__wasm__)
  (void)address;
#else
  __builtin_prefetch(address);
#endif
}

#endif
