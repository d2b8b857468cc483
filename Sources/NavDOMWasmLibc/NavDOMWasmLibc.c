// The C library Embedded Swift imports on wasm32-unknown-none-wasm, written freestanding:
// there is no WASI SDK and no libc, so everything the stdlib calls into is defined here.
//
// What the stdlib needs and why:
// - posix_memalign / free: swift_slowAlloc and swift_slowDealloc (every class instance, array,
//   string and dictionary buffer). malloc/calloc/realloc round the set out for the host.
// - memcpy / memmove / memset / memcmp / strlen: emitted by the compiler for copies and
//   comparisons, and used by the stdlib's string code.
// - abort: fatalError and precondition failures end here.
// - putchar: the stdlib's print() and failure messages. Forwarded a line at a time to the host.
// - arc4random_buf: the per-process seed for Hasher (Dictionary, Set).
// - __multi3: 128-bit multiplication (overflow checks and full-width multiplies), normally from
//   compiler-rt, which -nostdlib leaves out.

#include "NavDOMWasmLibc.h"

// Native builds compile nothing here (see the header).
#if defined(__wasm__)

// MARK: - Host imports

// One line of text (without its newline) for the host to log; see putchar.
__attribute__((import_module("env"), import_name("navdom_write")))
extern void navdom_host_write(const char *bytes, size_t count);

// MARK: - Allocator
//
// Segregated free lists over power-of-two size classes. Every block is a 16-byte header
// followed by a payload of 16 << class bytes. A freed block goes onto its class's list and the
// next request of that class takes it back, so a program that repeats the same work (render,
// diff, patch, 10,000 times) reaches a high-water mark and then stays there; a bump allocator
// would grow without bound. Fresh blocks are carved from the top of the heap, which grows with
// memory.grow. Blocks are never split or coalesced: simple, fast, at most 2x waste per block.

#define HEADER_SIZE 16u
#define MIN_PAYLOAD 16u
#define CLASS_COUNT 28u                  // payloads of 16 B ... 2 GiB
#define PAGE_SIZE 65536u
#define ALIGNED_MARKER 0xFFFFFFFFu       // header of an over-aligned pointer; see posix_memalign

typedef struct Header {
  uint32_t sizeClass;   // payload is MIN_PAYLOAD << sizeClass, or ALIGNED_MARKER
  uint32_t offset;      // for ALIGNED_MARKER: bytes back to the real block's payload
  uint32_t reserved[2]; // keeps payloads 16-byte aligned
} Header;

// A free block's payload holds the link to the next free block of its class.
typedef struct FreeBlock {
  struct FreeBlock *next;
} FreeBlock;

extern unsigned char __heap_base; // provided by wasm-ld: the first byte after the data and stack

static FreeBlock *freeLists[CLASS_COUNT];
static uintptr_t heapTop;  // the next fresh byte
static uintptr_t heapEnd;  // the end of linear memory
static uint32_t bytesInUse;

static inline Header *headerOf(void *payload) { return (Header *)((char *)payload - HEADER_SIZE); }

static uint32_t classFor(size_t size) {
  uint32_t sizeClass = 0;
  size_t payload = MIN_PAYLOAD;
  while (payload < size) {
    payload <<= 1;
    sizeClass += 1;
  }
  return sizeClass;
}

// Carves `total` bytes from the top of the heap, growing memory when needed; NULL when full.
static void *carve(size_t total) {
  if (heapTop == 0) {
    heapTop = ((uintptr_t)&__heap_base + 15u) & ~(uintptr_t)15u;
    heapEnd = (uintptr_t)__builtin_wasm_memory_size(0) * PAGE_SIZE;
  }
  if (total > heapEnd - heapTop) {
    size_t missing = total - (heapEnd - heapTop);
    size_t pages = (missing + PAGE_SIZE - 1) / PAGE_SIZE;
    if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return NULL;
    heapEnd += pages * PAGE_SIZE;
  }
  void *block = (void *)heapTop;
  heapTop += total;
  return block;
}

void *malloc(size_t size) {
  if (size > (MIN_PAYLOAD << (CLASS_COUNT - 1))) return NULL;
  uint32_t sizeClass = classFor(size);
  size_t payloadSize = (size_t)MIN_PAYLOAD << sizeClass;
  void *payload;
  FreeBlock *reused = freeLists[sizeClass];
  if (reused) {
    freeLists[sizeClass] = reused->next;
    payload = reused;
  } else {
    char *block = carve(HEADER_SIZE + payloadSize);
    if (!block) return NULL;
    payload = block + HEADER_SIZE;
  }
  Header *header = headerOf(payload);
  header->sizeClass = sizeClass;
  header->offset = 0;
  bytesInUse += payloadSize;
  return payload;
}

void free(void *pointer) {
  if (!pointer) return;
  Header *header = headerOf(pointer);
  if (header->sizeClass == ALIGNED_MARKER) {
    pointer = (char *)pointer - header->offset;
    header = headerOf(pointer);
  }
  uint32_t sizeClass = header->sizeClass;
  bytesInUse -= MIN_PAYLOAD << sizeClass;
  FreeBlock *block = pointer;
  block->next = freeLists[sizeClass];
  freeLists[sizeClass] = block;
}

// Payloads are 16-byte aligned already. A larger alignment takes a block big enough to hold an
// aligned payload plus a second header in front of it that points back to the real payload.
int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment <= HEADER_SIZE) {
    void *payload = malloc(size);
    if (!payload) return 12; // ENOMEM
    *result = payload;
    return 0;
  }
  if ((alignment & (alignment - 1)) != 0) return 22; // EINVAL
  char *payload = malloc(size + alignment + HEADER_SIZE);
  if (!payload) return 12;
  uintptr_t aligned = ((uintptr_t)payload + HEADER_SIZE + alignment - 1) & ~(uintptr_t)(alignment - 1);
  Header *marker = headerOf((void *)aligned);
  marker->sizeClass = ALIGNED_MARKER;
  marker->offset = (uint32_t)(aligned - (uintptr_t)payload);
  *result = (void *)aligned;
  return 0;
}

void *calloc(size_t count, size_t size) {
  if (size != 0 && count > (size_t)-1 / size) return NULL;
  void *payload = malloc(count * size);
  if (payload) memset(payload, 0, count * size);
  return payload;
}

void *realloc(void *pointer, size_t size) {
  if (!pointer) return malloc(size);
  // The usable bytes from `pointer` to the end of its block.
  Header *header = headerOf(pointer);
  size_t capacity;
  if (header->sizeClass == ALIGNED_MARKER) {
    Header *real = headerOf((char *)pointer - header->offset);
    capacity = ((size_t)MIN_PAYLOAD << real->sizeClass) - header->offset;
  } else {
    capacity = (size_t)MIN_PAYLOAD << header->sizeClass;
  }
  if (size <= capacity) return pointer;
  void *moved = malloc(size);
  if (!moved) return NULL;
  memcpy(moved, pointer, capacity);
  free(pointer);
  return moved;
}

uint32_t wasmlibc_memory_pages(void) { return (uint32_t)__builtin_wasm_memory_size(0); }

uint32_t wasmlibc_bytes_in_use(void) { return bytesInUse; }

// MARK: - Memory and strings
//
// memcpy, memmove and memset become the bulk-memory instructions (memory.copy, memory.fill):
// the toolchain's wasm32 target enables bulk memory, so clang lowers these builtins inline
// instead of calling back into the functions being defined. memory.copy handles overlap.
// no_builtin stops clang from turning the loops below into calls to memcmp/strlen themselves.

void *memcpy(void *destination, const void *source, size_t count) {
  __builtin_memcpy(destination, source, count);
  return destination;
}

void *memmove(void *destination, const void *source, size_t count) {
  __builtin_memmove(destination, source, count);
  return destination;
}

void *memset(void *destination, int value, size_t count) {
  __builtin_memset(destination, value, count);
  return destination;
}

__attribute__((no_builtin))
int memcmp(const void *a, const void *b, size_t count) {
  const unsigned char *left = a, *right = b;
  for (size_t index = 0; index < count; index++) {
    if (left[index] != right[index]) return left[index] < right[index] ? -1 : 1;
  }
  return 0;
}

__attribute__((no_builtin))
size_t strlen(const char *string) {
  const char *end = string;
  while (*end) end++;
  return (size_t)(end - string);
}

// MARK: - Process

_Noreturn void abort(void) { __builtin_trap(); }

// Characters are collected into a line and handed to the host at each newline (or when the
// buffer fills), so a trap message arrives as one console line rather than a call per byte.
static char lineBuffer[256];
static size_t lineLength;

int putchar(int character) {
  if (character == '\n' || lineLength == sizeof lineBuffer) {
    navdom_host_write(lineBuffer, lineLength);
    lineLength = 0;
    if (character == '\n') return character;
  }
  lineBuffer[lineLength++] = (char)character;
  return character;
}

// There is no entropy source without host imports, and the seed only guards Dictionary and Set
// against hash-flooding by hostile keys, which a page's own state does not have. A fixed
// xorshift stream keeps the module import-free for this and its runs reproducible.
void arc4random_buf(void *buffer, size_t count) {
  static uint32_t state = 0x9E3779B9u;
  unsigned char *bytes = buffer;
  for (size_t index = 0; index < count; index++) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    bytes[index] = (unsigned char)state;
  }
}

// MARK: - Compiler runtime

// The low 128 bits of a 128 x 128-bit product, from 64-bit pieces (a * b with __int128 would
// call this very function).
typedef struct { uint64_t low, high; } UInt128Parts;

__int128 __multi3(__int128 a, __int128 b) {
  UInt128Parts x = *(UInt128Parts *)&a, y = *(UInt128Parts *)&b;
  uint64_t a0 = (uint32_t)x.low, a1 = x.low >> 32;
  uint64_t b0 = (uint32_t)y.low, b1 = y.low >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t middle = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
  UInt128Parts product;
  product.low = (middle << 32) | (uint32_t)p00;
  product.high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + x.low * y.high + x.high * y.low;
  return *(__int128 *)&product;
}

/* ---- Unicode normalization: code-point semantics --------------------------------------------
 * The stdlib compares and hashes Strings under canonical equivalence ("é" == "e\u0301"), which
 * pulls in about 45 KB of normalization tables and code. The DOM compares strings by code
 * point, and so does the diff (it compares UTF-8 bytes), so the module answers "every scalar is
 * already normalized": String == and hashing become code-point comparisons here. This keeps the
 * module under its size budget; native builds compare the same trees the same way because the
 * diff and the renderer never rely on canonical equivalence. */
uint16_t _swift_stdlib_getNormData(uint32_t scalar) {
  (void)scalar;
  return 0; /* canonical combining class 0, NFC and NFD quick-check "yes" */
}

uint32_t _swift_stdlib_getComposition(uint32_t first, uint32_t second) {
  (void)first;
  (void)second;
  return UINT32_MAX; /* no composition */
}

uint32_t _swift_stdlib_getDecompositionEntry(uint32_t scalar) {
  (void)scalar;
  return 0;
}

const uint8_t _swift_stdlib_nfd_decompositions[1] = {0};

#endif // __wasm__
