// Per-thread slots for the portable modules, which import no platform module of their own.
//
// Natively a slot is POSIX thread-specific data: each thread sees its own value, and a
// slot's destructor runs with a thread's value when that thread ends. In a wasm32 module (one
// thread, no libc) a slot is a plain global, and destructors never run.
#ifndef NAVDOM_THREAD_SLOT_H
#define NAVDOM_THREAD_SLOT_H

/// Called with a thread's non-NULL value when the thread ends.
typedef void (*navdom_thread_slot_destructor)(void *value);

/// A new slot, NULL on every thread; -1 when none is left (there are 8).
int navdom_thread_slot_create(navdom_thread_slot_destructor destructor);

/// The calling thread's value of `slot`.
void *navdom_thread_slot_get(int slot);

/// Sets the calling thread's value of `slot`.
void navdom_thread_slot_set(int slot, void *value);

#endif
