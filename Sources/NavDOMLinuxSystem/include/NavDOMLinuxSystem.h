// What the HTTP server needs from Linux that the toolchain's Glibc module does not import:
// <sys/epoll.h>, <sys/eventfd.h>, <sys/sendfile.h> and accept4. Including the system headers
// here declares the functions to Swift as C declares them; the constants are the headers' own
// values, and epoll's events are passed through a naturally aligned struct, because
// `struct epoll_event` is packed on x86_64 and not elsewhere.
#ifndef NAVDOM_LINUX_SYSTEM_H
#define NAVDOM_LINUX_SYSTEM_H

#ifdef __linux__
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/sendfile.h>
#include <sys/socket.h>

static const int navdom_epoll_cloexec = EPOLL_CLOEXEC;
static const int navdom_epoll_add = EPOLL_CTL_ADD;
static const int navdom_epoll_delete = EPOLL_CTL_DEL;
static const int navdom_epoll_modify = EPOLL_CTL_MOD;
static const uint32_t navdom_epoll_in = EPOLLIN;
static const uint32_t navdom_epoll_out = EPOLLOUT;
static const uint32_t navdom_epoll_error = EPOLLERR;
static const uint32_t navdom_epoll_hang_up = EPOLLHUP;
static const uint32_t navdom_epoll_exclusive = EPOLLEXCLUSIVE;
static const int navdom_eventfd_nonblocking = EFD_NONBLOCK;
static const int navdom_eventfd_cloexec = EFD_CLOEXEC;
static const int navdom_socket_nonblocking = SOCK_NONBLOCK;
static const int navdom_socket_cloexec = SOCK_CLOEXEC;

/// One ready descriptor as `epoll_wait` reports it: its events and the data it was registered with.
typedef struct {
  uint32_t events;
  uint64_t data;
} navdom_epoll_ready;

/// Registers, changes or removes interest in `descriptor` (`epoll_ctl`); `data` comes back with
/// its events. Returns 0, or -1 with errno set.
int navdom_epoll_control(int epoll, int operation, int descriptor, uint32_t events, uint64_t data);

/// Waits for at most `capacity` ready descriptors (`epoll_wait`) and writes them to `ready`.
/// Returns how many, or -1 with errno set.
int navdom_epoll_wait(int epoll, navdom_epoll_ready *ready, int capacity, int timeout);

/// Accepts a connection on `descriptor` with `flags` (`accept4`, which <sys/socket.h> declares
/// only for _GNU_SOURCE), without the peer's address. Returns the new descriptor, or -1 with
/// errno set.
int navdom_accept(int descriptor, int flags);
#endif

#endif
