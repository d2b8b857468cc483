// A hint to the processor that the memory at an address will be read soon: the portable
// modules have no other way to give it (Swift has no prefetch of its own). In a wasm32 module
// it compiles to nothing (WebAssembly has no prefetch).
#ifndef NAVDOM_PREFETCH_H
#define NAVDOM_PREFETCH_H

/// Asks for the cache line at `address` to be loaded, for reading; never faults, even for an
/// address that is not mapped.
static inline __attribute__((always_inline)) void navdom_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

#endif
