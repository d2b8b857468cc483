// zlib from the system (Debian's zlib1g-dev), for gzip-compressed live replies.
#include <zlib.h>
