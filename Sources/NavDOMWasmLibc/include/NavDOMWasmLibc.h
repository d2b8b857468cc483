// NavDOMWasmLibc: the few C library functions Embedded Swift needs on wasm32-unknown-none-wasm,
// where there is no libc at all. See NavDOMWasmLibc.c for the allocator's design.
//
// Empty in a native build: the target is in every build of the package (so that a user's
// package can name the wasm products without conditions), and natively the system's libc is
// the one to use.
#ifndef NAVDOM_WASMLIBC_H
#define NAVDOM_WASMLIBC_H
#if defined(__wasm__)

#include <stddef.h>
#include <stdint.h>

// The allocator (used by Embedded Swift through posix_memalign/free, and by the host through
// the module's navdom_alloc/navdom_free exports).
void *malloc(size_t size);
void *calloc(size_t count, size_t size);
void *realloc(void *pointer, size_t size);
void free(void *pointer);
int posix_memalign(void **result, size_t alignment, size_t size);

void *memcpy(void *destination, const void *source, size_t count);
void *memmove(void *destination, const void *source, size_t count);
void *memset(void *destination, int value, size_t count);
int memcmp(const void *a, const void *b, size_t count);
size_t strlen(const char *string);

/// The size of linear memory, in 64 KiB pages.
uint32_t wasmlibc_memory_pages(void);

/// Bytes handed out by malloc and not yet freed (payload sizes rounded up to their size class).
uint32_t wasmlibc_bytes_in_use(void);

#endif // __wasm__
#endif
