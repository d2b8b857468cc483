// glibc's allocator tuning (`mallopt`), which Glibc's Swift module does not export.
#include <malloc.h>
