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
#include <stdlib.h>

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

/// A zeroed session on the heap: gps_data_t is ~24 KB, too big to copy around.
static inline struct gps_data_t *forecastly_gps_alloc(void) {
    return (struct gps_data_t *)calloc(1, sizeof(struct gps_data_t));
}
static inline void forecastly_gps_free(struct gps_data_t *data) { free(data); }

/// 0 on success, else the negative NL_* code (not a POSIX errno).
static inline int forecastly_gps_open(const char *host, const char *port, struct gps_data_t *data) {
    errno = 0;
    if (gps_open(host, port, data) == 0) return 0;
    return errno != 0 ? errno : -1;
}

static inline int forecastly_gps_watch(struct gps_data_t *data) {
    return gps_stream(data, WATCH_ENABLE | WATCH_JSON, NULL);
}
/// gps_send is variadic, which Swift cannot call. 0 on success.
static inline int forecastly_gps_ask_devices(struct gps_data_t *data) {
    return gps_send(data, "?DEVICES;\n");
}
static inline void forecastly_gps_unwatch_and_close(struct gps_data_t *data) {
    (void)gps_stream(data, WATCH_DISABLE, NULL);
    (void)gps_close(data);
}

/// Reads one message into `message`. Returns bytes read, 0 for none, or -1;
/// `*closed` is set when gpsd went away (-1 with errno 0).
static inline int forecastly_gps_read_message(struct gps_data_t *data, char *message, int length, int *closed) {
    data->set = 0; // TPV overwrites the mask but every other class ORs into it.
    errno = 0;
    int result = gps_read(data, message, length);
    *closed = (result < 0 && errno == 0) ? 1 : 0;
    return result;
}

static inline int forecastly_fix_mode(const struct gps_data_t *data) { return data->fix.mode; }
static inline int forecastly_has_latlon(const struct gps_data_t *data) {
    return (data->set & LATLON_SET) && data->fix.mode >= MODE_2D
        && isfinite(data->fix.latitude) && isfinite(data->fix.longitude);
}
static inline double forecastly_fix_latitude(const struct gps_data_t *data) { return data->fix.latitude; }
static inline double forecastly_fix_longitude(const struct gps_data_t *data) { return data->fix.longitude; }
static inline double forecastly_fix_epx(const struct gps_data_t *data) { return data->fix.epx; }
static inline double forecastly_fix_epy(const struct gps_data_t *data) { return data->fix.epy; }
/// Horizontal error estimate, metres (95%); NAN when unknown or too old a libgps.
static inline double forecastly_fix_eph(const struct gps_data_t *data) {
#if GPSD_API_MAJOR_VERSION >= 9
    return data->fix.eph;
#else
    return NAN;
#endif
}
static inline double forecastly_fix_altitude(const struct gps_data_t *data) {
#if GPSD_API_MAJOR_VERSION >= 9
    return data->fix.altHAE;
#else
    return data->fix.altitude;
#endif
}
static inline int forecastly_satellites_used(const struct gps_data_t *data) { return data->satellites_used; }
static inline int forecastly_satellites_visible(const struct gps_data_t *data) { return data->satellites_visible; }
static inline int forecastly_device_count(const struct gps_data_t *data) { return data->devices.ndevices; }
static inline const char *forecastly_gps_errstr(int code) { return gps_errstr(code); }

#endif
