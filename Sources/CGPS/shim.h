// What Swift cannot import from <gps.h> directly: macros with casts or
// expressions, the anonymous union in gps_data_t, variadic gps_send, and
// calls whose signature changed between libgps releases. Everything here is
// guarded by GPSD_API_MAJOR_VERSION so the package builds against libgps 3.18
// (API 7) and newer. Read Tests/Fixtures/gpsd/LIBGPS-NOTES.md before changing it.
//
// libgps is not linked: it is loaded when a gpsd source is first used
// (forecastly_libgps_load). Linked, every run of forecastly would load it and
// the nine libraries it needs (D-Bus, systemd, gcrypt, lz4, ...) before main,
// though most runs never talk to gpsd, and a machine without libgps could not
// run forecastly at all.
#ifndef FORECASTLY_CGPS_SHIM_H
#define FORECASTLY_CGPS_SHIM_H

#if __has_include(<gps.h>)
#include <gps.h>
#else
#error "forecastly needs libgps's headers: install libgps-dev (sudo apt-get install libgps-dev)"
#endif
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>

#if !defined(GPSD_API_MAJOR_VERSION) || GPSD_API_MAJOR_VERSION < 7
#error "forecastly needs libgps 3.18 (GPSD_API_MAJOR_VERSION 7) or newer"
#endif

static inline int forecastly_gps_api_major(void) { return GPSD_API_MAJOR_VERSION; }
static inline int forecastly_gps_api_minor(void) { return GPSD_API_MINOR_VERSION; }

/// The libgps calls forecastly makes, typed from this very header, so a
/// signature that changes between releases fails the build, not a call.
struct forecastly_libgps {
    __typeof__(&gps_open) open;
    __typeof__(&gps_close) close;
    __typeof__(&gps_stream) stream;
    __typeof__(&gps_send) send;
};

/// The run-time name (soname) of the library this header belongs to, where
/// it is known for certain; NULL otherwise. The soname changes whenever the
/// ABI does, and loading one built from another header would misread every
/// gps_data_t, so only pairs checked against a release are listed.
static inline const char *forecastly_libgps_soname(void) {
#if GPSD_API_MAJOR_VERSION == 11 && GPSD_API_MINOR_VERSION == 0
    return "libgps.so.28"; // gpsd 3.22 (Debian 12, Ubuntu 22.04)
#else
    return NULL;
#endif
}

/// Opens the library file `name` and fills `lib` with its calls. Returns NULL
/// on success, else why not: the loader's reason, valid until the next loader
/// call on this thread, or which call is missing.
static inline const char *forecastly_libgps_load(const char *name, struct forecastly_libgps *lib) {
    (void)dlerror();
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return dlerror();
    struct forecastly_libgps loaded;
    // dlclose frees dlerror's text, so a missing call is named by a literal.
#define FORECASTLY_RESOLVE(field, symbol) \
    if ((loaded.field = (__typeof__(loaded.field))dlsym(handle, #symbol)) == NULL) { \
        dlclose(handle); \
        return "it has no " #symbol " call"; \
    }
    FORECASTLY_RESOLVE(open, gps_open)
    FORECASTLY_RESOLVE(close, gps_close)
    FORECASTLY_RESOLVE(stream, gps_stream)
    FORECASTLY_RESOLVE(send, gps_send)
#undef FORECASTLY_RESOLVE
    *lib = loaded;
    return NULL;
}

/// A zeroed session on the heap: gps_data_t is ~24 KB, too big to copy around.
static inline struct gps_data_t *forecastly_gps_alloc(void) {
    return (struct gps_data_t *)calloc(1, sizeof(struct gps_data_t));
}
static inline void forecastly_gps_free(struct gps_data_t *data) { free(data); }

/// 0 on success, else the negative NL_* code (not a POSIX errno).
static inline int forecastly_gps_open(const struct forecastly_libgps *lib, const char *host, const char *port, struct gps_data_t *data) {
    errno = 0;
    if (lib->open(host, port, data) == 0) return 0;
    return errno != 0 ? errno : -1;
}

static inline int forecastly_gps_watch(const struct forecastly_libgps *lib, struct gps_data_t *data) {
    return lib->stream(data, WATCH_ENABLE | WATCH_JSON, NULL);
}
/// 0 on success.
static inline int forecastly_gps_ask_devices(const struct forecastly_libgps *lib, struct gps_data_t *data) {
    return lib->send(data, "?DEVICES;\n");
}
/// Asks for the last fix gpsd holds of each active device (its POLL answer); 0 on success.
static inline int forecastly_gps_poll(const struct forecastly_libgps *lib, struct gps_data_t *data) {
    return lib->send(data, "?POLL;\n");
}
static inline void forecastly_gps_unwatch_and_close(const struct forecastly_libgps *lib, struct gps_data_t *data) {
    (void)lib->stream(data, WATCH_DISABLE, NULL);
    (void)lib->close(data);
}

/// The session's socket. forecastly reads gpsd's lines from it itself:
/// libgps's reader (gps_read) spins for ever on some lines
/// (Sources/LocationProvider/GPSD/GPSDMessage.swift).
static inline int forecastly_gps_socket(const struct gps_data_t *data) { return (int)data->gps_fd; }

#endif
