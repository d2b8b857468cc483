#include "NavDOMThreadSlot.h"

#define SLOT_LIMIT 8

#if defined(__wasm__)

static void *values[SLOT_LIMIT];
static int slotCount;

int navdom_thread_slot_create(navdom_thread_slot_destructor destructor) {
  (void)destructor;  // the module's one thread never ends
  return slotCount < SLOT_LIMIT ? slotCount++ : -1;
}

void *navdom_thread_slot_get(int slot) { return values[slot]; }

void navdom_thread_slot_set(int slot, void *value) { values[slot] = value; }

#else

#include <pthread.h>

static pthread_key_t keys[SLOT_LIMIT];
static int slotCount;
// Slots are made by the Swift modules' lazy globals, which may run on two threads at once.
static pthread_mutex_t creating = PTHREAD_MUTEX_INITIALIZER;

int navdom_thread_slot_create(navdom_thread_slot_destructor destructor) {
  pthread_mutex_lock(&creating);
  int slot = -1;
  if (slotCount < SLOT_LIMIT && pthread_key_create(&keys[slotCount], destructor) == 0) slot = slotCount++;
  pthread_mutex_unlock(&creating);
  return slot;
}

void *navdom_thread_slot_get(int slot) { return pthread_getspecific(keys[slot]); }

void navdom_thread_slot_set(int slot, void *value) { pthread_setspecific(keys[slot], value); }

#endif
