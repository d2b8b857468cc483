// Per-thread slots for the portable modules, which import no platform module of their own.
//
// Each slot is named here, one per use. A read is a load from a thread-local array, inlined
// where it is called: the shared element block is read for every element built, and a POSIX
// `pthread_getspecific` behind a lazily made key cost that about 40 instructions. Writes are
// rare (a new block, a thread's first runtime); they also mark the thread in one POSIX key,
// whose destructor hands each slot's value to that slot's destructor when the thread ends.
// In a wasm32 module (one thread, no libc) the array is a plain global and destructors never
// run.
#ifndef NAVDOM_THREAD_SLOT_H
#define NAVDOM_THREAD_SLOT_H

// This header is the C module's umbrella (SwiftPM's, named for the target): the target's other
// small platform call comes in with it.
#include "NavDOMPrefetch.h"

/// The block the thread is filling with elements (VirtualDOM's `SharedElementBlock`).
#define NAVDOM_THREAD_SLOT_ELEMENT_BLOCK 0
/// The thread's runtime state (NavigationCore's `ThreadSlot`).
#define NAVDOM_THREAD_SLOT_RUNTIME 1
#define NAVDOM_THREAD_SLOT_COUNT 2

/// Called with a thread's non-NULL value when the thread ends (the slot already reads NULL).
typedef void (*navdom_thread_slot_destructor)(void *value);

#if defined(__wasm__)
extern void *navdom_thread_slot_values[NAVDOM_THREAD_SLOT_COUNT];
#else
extern _Thread_local void *navdom_thread_slot_values[NAVDOM_THREAD_SLOT_COUNT];
#endif

/// The calling thread's value of `slot` (NULL until set).
static inline void *navdom_thread_slot_get(int slot) { return navdom_thread_slot_values[slot]; }

/// Sets the calling thread's value of `slot`; `destructor` gets the value if it is still
/// there when the thread ends (pass the same one on every call for a slot).
void navdom_thread_slot_set(int slot, void *value, navdom_thread_slot_destructor destructor);

#endif
