#define _GNU_SOURCE  // accept4
#include <stddef.h>
#include "NavDOMLinuxSystem.h"

#ifdef __linux__
int navdom_epoll_control(int epoll, int operation, int descriptor, uint32_t events, uint64_t data) {
  struct epoll_event event = {.events = events, .data = {.u64 = data}};
  return epoll_ctl(epoll, operation, descriptor, &event);
}

int navdom_epoll_wait(int epoll, navdom_epoll_ready *ready, int capacity, int timeout) {
  // At most 256 at a time (the event loop asks for as many), through a buffer of the system's own
  // layout.
  struct epoll_event events[256];
  int count = epoll_wait(epoll, events, capacity < 256 ? capacity : 256, timeout);
  for (int index = 0; index < count; index++) {
    ready[index].events = events[index].events;
    ready[index].data = events[index].data.u64;
  }
  return count;
}
#endif

#ifdef __linux__
int navdom_accept(int descriptor, int flags) { return accept4(descriptor, NULL, NULL, flags); }
#endif
