#ifndef FORECASTLY_CSTARTUP_SHIM_H
#define FORECASTLY_CSTARTUP_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

/* Linux 5.14; older headers lack the name, older kernels answer EINVAL. */
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

/* Set by the linker around the executable's zero-filled data (.bss). Swift
   cannot name linker symbols, hence this header. */
extern char __bss_start[];
extern char _end[];

/* The whole pages of the executable's .bss: from the first page that starts
   inside it (the page before may hold initialised data) to the end of its
   last page. */
static inline void forecastly_bss_pages(uintptr_t *start, size_t *length) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = ((uintptr_t)__bss_start + page - 1) & ~(page - 1);
    uintptr_t end = ((uintptr_t)_end + page - 1) & ~(page - 1);
    *start = first;
    *length = end > first ? (size_t)(end - first) : 0;
}

/* Maps every page of .bss now, in one call, instead of one page fault at a
   time as the run first writes to each. Returns 0, or -1 with errno set
   (EINVAL before Linux 5.14, where nothing changes). */
static inline int forecastly_populate_bss(void) {
    uintptr_t start;
    size_t length;
    forecastly_bss_pages(&start, &length);
    if (length == 0) return 0;
    return madvise((void *)start, length, MADV_POPULATE_WRITE);
}

#endif
