// glibc's <malloc.h>, which Swift's Glibc module leaves out: `navdom-bench memory` reads the
// heap bytes in use with mallinfo2(). Part of libc, so nothing to link.
#include <malloc.h>
