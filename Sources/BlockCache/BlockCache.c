// A per-thread cache of small freed blocks in front of glibc's malloc, for the navdom
// executable only (libraries and tests keep the system allocator).
//
// Why: a render builds a tree of tens of thousands of small element blocks and frees it
// whole. glibc keeps only 7 freed blocks per size in its thread cache; the rest go to its
// fast bins, and the next large malloc or free (a 10,000-child list is one) merges them all
// back into big free chunks, touching every block again, only for the next render to split
// them up once more. On the 10,000-row benchmark table glibc's malloc and free were about a
// quarter of a render's time, and the merging alone about an eighth. Here freed small blocks
// wait on a per-thread list, as in glibc's thread cache with a higher limit, and the next
// malloc of that size takes one back.
//
// How: ELF symbol interposition. Defining `malloc` and `free` in the executable makes every
// caller in the process (the Swift runtime included) use these; they call glibc's own
// `__libc_malloc` / `__libc_free` for everything they do not serve. A cached block is a
// block glibc still counts as in use, so `realloc`, `calloc`, `malloc_usable_size` and
// aligned allocations, left to glibc, stay correct on it.
//
// Bounds: at most `cacheLimitBytes` per thread (so a server's threads together may hold that
// many times their number), blocks of at most `largestCachedBlock` usable bytes. A thread's
// blocks go back to glibc when it exits; the main thread's stay until the process ends.
//
// Blocks come back in the order they were freed, first first (a queue per size). A tree is
// freed in the order it was built (children, then their parent), so the next tree of the same
// shape takes, size by size, the blocks of the last one in the order that one had them: a
// tree laid out side by side stays so from render to render, and the diff's walk reads memory
// mostly in order. Handed
// out last first, as glibc's thread cache does, each tree reversed the order of the one before
// within each size. Measured with `navdom bench diff-scaling` (12 alternating processes each,
// 10,000 rows against 1,000, trees built late in the process): updating every tenth row went
// from 14.1x to 12.3x, moving the last row first from 13.8x to 12.2x; removing one row went
// from 11.5x to 12.5x and appending 1,000 from 10.4x to 11.4x (not explained: each
// operation's trees are built from the blocks of the ones before, differently shaped). Either
// way the worst operation stayed over 12x in some runs. The oldest freed block is also the
// coldest: a small tree rebuilt over and over does not notice (it takes back its own blocks),
// a pass that frees and makes a few blocks amid a large cache does. Building, writing and
// freeing a tree is still faster than with glibc alone. What the cache costs in locality: a
// tree of another shape than the last is spread over the last one's blocks, size by size,
// where glibc would have merged them and carved the new tree out in order. Diffing two
// 10,000-row tables built that way was up to a quarter slower than with glibc alone (`navdom
// bench diff-scaling --in-process`, removeOne 4.2 against 3.4 ms).
//
// What else it costs: freeing a block twice is caught only while the block waits here (see
// `cachedMark`); glibc's own checks no longer see most frees. Tools that replace or wrap the
// allocator (valgrind's memcheck, libc_malloc_debug.so, heap profilers) do not see navdom's
// allocations either: use a build without this target for them.
// `NAVDOM_BLOCK_CACHE=off` in the environment turns the cache off, to measure without it.

#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "BlockCache.h"

extern void *__libc_malloc(size_t size);
extern void __libc_free(void *pointer);

enum {
  // glibc's chunk sizes are multiples of 16: a block of chunk size 16k has 16k - 8 usable
  // bytes and waits on list k.
  sizeStep = 16,
  largestCachedBlock = 1016,
  listCount = (largestCachedBlock + 8) / sizeStep + 1,
  cacheLimitBytes = 32 << 20,
};

enum ThreadState { unregistered = 0, caching, exiting };

// Written into a cached block's second word, as glibc's thread cache does, so that freeing a
// cached block again (a double free) is caught instead of handing the block out twice.
static const uintptr_t cachedMark = (uintptr_t)0x6e6176646f6d2e63u;

// Each list is a queue: taken from its head, added at its tail.
struct ThreadCache {
  void *heads[listCount];
  void *tails[listCount];
  size_t cachedBytes;
  size_t reuses;
  enum ThreadState state;
};

static _Thread_local struct ThreadCache cache;
static pthread_key_t exitKey;
static pthread_once_t exitKeyOnce = PTHREAD_ONCE_INIT;
// Read once, before main (see `readSwitch`).
static int isDisabled;

// The list whose blocks can serve `size` bytes: the one of glibc's chunk size for it.
static inline size_t listForRequest(size_t size) {
  if (size < 24) size = 24;
  return (size + 8 + sizeStep - 1) / sizeStep;
}

// Hands every cached block of the calling thread back to glibc.
static void flush(void) {
  for (size_t list = 0; list < listCount; list++) {
    void *block = cache.heads[list];
    while (block != NULL) {
      void *next = *(void **)block;
      // Unmarked: glibc may hand the block out again with this word as it is.
      ((uintptr_t *)block)[1] = 0;
      __libc_free(block);
      block = next;
    }
    cache.heads[list] = NULL;
    cache.tails[list] = NULL;
  }
  cache.cachedBytes = 0;
}

static void releaseAll(void *unused) {
  (void)unused;
  cache.state = exiting;
  flush();
}

// Until this runs the cache is on: blocks freed that early (by the loader, by other
// constructors) are cached as usual, and handed back here if the cache is to be off.
__attribute__((constructor)) static void readSwitch(void) {
  const char *setting = getenv("NAVDOM_BLOCK_CACHE");
  isDisabled = setting != NULL && strcmp(setting, "off") == 0;
  if (isDisabled) {
    flush();
    cache.reuses = 0;
  }
}

static int hasExitKey;

static void makeExitKey(void) { hasExitKey = pthread_key_create(&exitKey, releaseAll) == 0; }

// First free on a thread: arrange for its blocks to go back to glibc when it exits. A thread
// that cannot (no key left) does not cache. A thread whose first free comes after its key
// destructors ran (glibc's own clean-up at thread exit) keeps those few blocks until the
// process ends.
static int registerThread(void) {
  if (pthread_once(&exitKeyOnce, makeExitKey) != 0 || !hasExitKey) return 0;
  if (pthread_setspecific(exitKey, &cache) != 0) return 0;
  cache.state = caching;
  return 1;
}

// A block that carries the mark may still be a live block whose data happens to match it;
// only finding it on the list proves a double free. The tail is looked at first: a block freed
// twice in a row is there, and the queue before it can hold many thousands.
static void abortIfCached(void *pointer, size_t list) {
  int isCached = pointer == cache.tails[list];
  for (void *block = cache.heads[list]; block != NULL && !isCached; block = *(void **)block) {
    isCached = block == pointer;
  }
  if (isCached) {
    static const char message[] = "navdom: free(): double free of a cached block\n";
    (void)!write(2, message, sizeof message - 1);
    abort();
  }
}

void *malloc(size_t size) {
  if (size <= largestCachedBlock) {
    size_t list = listForRequest(size);
    void *block = cache.heads[list];
    if (block != NULL) {
      cache.heads[list] = *(void **)block;
      if (cache.heads[list] == NULL) cache.tails[list] = NULL;
      ((uintptr_t *)block)[1] = 0;
      cache.cachedBytes -= list * sizeStep;
      cache.reuses++;
      return block;
    }
  }
  return __libc_malloc(size);
}

void free(void *pointer) {
  if (pointer == NULL) return;
  // The block's size, from the word glibc keeps before every block: its chunk size with
  // three flag bits, 2 for a block of its own mapping (those are never cached). Read here
  // rather than through malloc_usable_size, which also reads the next block's header to
  // check this one is in use: a cache line per free that nothing else needs.
  size_t sizeWord = ((size_t *)pointer)[-1];
  size_t usable = (sizeWord & ~(size_t)7) - sizeof(size_t);
  if ((sizeWord & 2) != 0 || usable > largestCachedBlock || isDisabled || cache.state == exiting) {
    __libc_free(pointer);
    return;
  }
  // usable is 16k - 8 for a chunk of 16k bytes: it covers every request `listForRequest`
  // sends to list k = (usable + 8) / 16.
  size_t list = (usable + 8) / sizeStep;
  if (((uintptr_t *)pointer)[1] == cachedMark) abortIfCached(pointer, list);
  if (cache.cachedBytes + list * sizeStep > cacheLimitBytes
      || (cache.state == unregistered && !registerThread())) {
    __libc_free(pointer);
    return;
  }
  *(void **)pointer = NULL;
  ((uintptr_t *)pointer)[1] = cachedMark;
  if (cache.tails[list] != NULL) {
    *(void **)cache.tails[list] = pointer;
  } else {
    cache.heads[list] = pointer;
  }
  cache.tails[list] = pointer;
  cache.cachedBytes += list * sizeStep;
}

size_t navdom_block_cache_reuses(void) { return cache.reuses; }
