// What Swift cannot import from <gps.h> directly: macros with casts or
// expressions, the anonymous union in gps_data_t, and calls whose signature
// changed between libgps releases. Everything here is guarded by
// GPSD_API_MAJOR_VERSION so the package builds against libgps 3.18 (API 7)
// and newer. Read Tests/Fixtures/gpsd/LIBGPS-NOTES.md before changing it.
#ifndef FORECASTLY_CGPS_SHIM_H
#define FORECASTLY_CGPS_SHIM_H

#include <gps.h>
#include <math.h>
#include <string.h>
#include <errno.h>

#if !defined(GPSD_API_MAJOR_VERSION) || GPSD_API_MAJOR_VERSION < 7
#error "forecastly needs libgps 3.18 (GPSD_API_MAJOR_VERSION 7) or newer"
#endif

static inline int forecastly_gps_api_major(void) { return GPSD_API_MAJOR_VERSION; }
static inline int forecastly_gps_api_minor(void) { return GPSD_API_MINOR_VERSION; }
static inline const char *forecastly_gps_default_port(void) { return DEFAULT_GPSD_PORT; }

static inline unsigned int forecastly_watch_enable_json(void) { return WATCH_ENABLE | WATCH_JSON; }
static inline unsigned int forecastly_watch_disable(void) { return WATCH_DISABLE; }

/// gps_read's arity changed in API 7; the raw JSON line goes into `message`.
static inline int forecastly_gps_read(struct gps_data_t *data, char *message, int length) {
    data->set = 0; // TPV overwrites the mask but every other class ORs into it.
    return gps_read(data, message, length);
}

/// errno after a failed gps_open holds a negative NL_* code, not a POSIX errno.
static inline int forecastly_last_errno(void) { return errno; }
static inline void forecastly_clear_errno(void) { errno = 0; }

/// Fix time as seconds since the epoch; NAN when unknown.
static inline double forecastly_fix_time(const struct gps_data_t *data) {
#if GPSD_API_MAJOR_VERSION >= 9
    if (data->fix.time.tv_sec == 0 && data->fix.time.tv_nsec == 0) return NAN;
    return (double)data->fix.time.tv_sec + (double)data->fix.time.tv_nsec / 1e9;
#else
    return data->fix.time;
#endif
}

/// The ERROR message text lives in an anonymous union Swift cannot reach.
static inline const char *forecastly_error_text(const struct gps_data_t *data) {
    return data->error;
}

static inline const char *forecastly_device_path(const struct gps_data_t *data) {
    return data->dev.path;
}

#endif
