// Linux's <sys/epoll.h>, which Swift's Glibc module leaves out: `navdom-bench live` waits on its
// 64 connections with epoll, so a reply costs the load generator a wake-up, not a scan of every
// connection (poll). Part of libc, so nothing to link.
#include <sys/epoll.h>
