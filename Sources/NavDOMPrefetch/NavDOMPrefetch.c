// The module is its header (navdom_prefetch is inlined where it is called); a C target needs a
// source file.
#include "NavDOMPrefetch.h"
