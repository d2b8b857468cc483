#include "NavDOMThreadSlot.h"

#if defined(__wasm__)

void *navdom_thread_slot_values[NAVDOM_THREAD_SLOT_COUNT];

void navdom_thread_slot_set(int slot, void *value, navdom_thread_slot_destructor destructor) {
  (void)destructor;  // the module's one thread never ends
  navdom_thread_slot_values[slot] = value;
}

#else

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

_Thread_local void *navdom_thread_slot_values[NAVDOM_THREAD_SLOT_COUNT];

// Written by any thread's first set of a slot (always the same function), read when threads
// end: atomic, so two threads' first sets are not a data race.
static navdom_thread_slot_destructor destructors[NAVDOM_THREAD_SLOT_COUNT];

// One key for every slot: its value is non-NULL once a thread set a slot, so that its
// destructor runs when the thread ends.
static pthread_key_t threadEnd;
static pthread_once_t threadEndMade = PTHREAD_ONCE_INIT;

// Runs when a thread that set a slot ends. A destructor may set a slot again (a deinit that
// builds elements): that marks the key again, and POSIX runs this again, a few times at most.
static void releaseSlots(void *marker) {
  (void)marker;
  for (int slot = 0; slot < NAVDOM_THREAD_SLOT_COUNT; slot++) {
    void *value = navdom_thread_slot_values[slot];
    if (value == NULL) continue;
    navdom_thread_slot_values[slot] = NULL;
    navdom_thread_slot_destructor destructor = __atomic_load_n(&destructors[slot], __ATOMIC_ACQUIRE);
    if (destructor != NULL) destructor(value);
  }
}

static void makeThreadEnd(void) {
  if (pthread_key_create(&threadEnd, releaseSlots) != 0) {
    fputs("navdom: no POSIX thread key left for the thread slots\n", stderr);
    abort();
  }
}

void navdom_thread_slot_set(int slot, void *value, navdom_thread_slot_destructor destructor) {
  pthread_once(&threadEndMade, makeThreadEnd);
  __atomic_store_n(&destructors[slot], destructor, __ATOMIC_RELEASE);
  navdom_thread_slot_values[slot] = value;
  // Any non-NULL value: the key only says that this thread has something to release.
  if (value != NULL) pthread_setspecific(threadEnd, navdom_thread_slot_values);
}

#endif
