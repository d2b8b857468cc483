#ifndef NAVDOM_BLOCK_CACHE_H
#define NAVDOM_BLOCK_CACHE_H

#include <stddef.h>

/// How many allocations the calling thread's block cache has served since it started.
/// Zero when the cache is off (`NAVDOM_BLOCK_CACHE=off`) or when `malloc` is not ours
/// (the executable did not interpose glibc's): the benchmark prints it so a reader can see
/// which allocator a figure was measured with.
size_t navdom_block_cache_reuses(void);

#endif
