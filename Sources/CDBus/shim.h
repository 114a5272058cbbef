// A GeoClue2 client and a desktop-notifications client over sd-bus, in the
// few calls forecastly makes.
//
// Swift cannot call sd-bus's variadic functions (sd_bus_call_method,
// sd_bus_message_append, sd_bus_message_read), and a D-Bus exchange is a
// run of small C steps (append a variant, enter a container, read a
// struct), so the exchange itself lives here; GeoClueSession.swift decides
// what to do with each answer. Every call takes the time it may block.
//
// libsystemd is not linked: it is loaded the first time a GeoClue source or
// a notification is used (forecastly_sdbus_calls). Linked, every run would
// load it and what it needs (libcap, libgcrypt, liblzma, libzstd, liblz4)
// before main, though
// most runs never talk to GeoClue, and a machine without systemd could not
// run forecastly at all.
//
// An sd-bus connection belongs to one thread: open, use and close it on the
// thread that opened it.
#ifndef FORECASTLY_CDBUS_SHIM_H
#define FORECASTLY_CDBUS_SHIM_H

#if __has_include(<systemd/sd-bus.h>)
#include <systemd/sd-bus.h>
#else
#error "forecastly needs sd-bus's header: install libsystemd-dev (sudo apt-get install libsystemd-dev)"
#endif
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

/// The sd-bus calls forecastly makes, typed from this very header.
struct forecastly_sdbus {
    __typeof__(&sd_bus_open_system) open_system;
    __typeof__(&sd_bus_open_user) open_user;
    /// A connection to a bus named by its address (tests' private buses),
    /// as sd_bus_open_system does for the system bus.
    __typeof__(&sd_bus_new) new_bus;
    __typeof__(&sd_bus_set_address) set_address;
    __typeof__(&sd_bus_set_bus_client) set_bus_client;
    __typeof__(&sd_bus_start) start;
    __typeof__(&sd_bus_flush_close_unref) close;
    __typeof__(&sd_bus_message_new_method_call) new_method_call;
    __typeof__(&sd_bus_message_append_basic) append_basic;
    __typeof__(&sd_bus_message_open_container) open_container;
    __typeof__(&sd_bus_message_close_container) close_container;
    __typeof__(&sd_bus_call) call;
    __typeof__(&sd_bus_message_unref) message_unref;
    __typeof__(&sd_bus_message_read_basic) read_basic;
    __typeof__(&sd_bus_message_enter_container) enter_container;
    __typeof__(&sd_bus_message_exit_container) exit_container;
    __typeof__(&sd_bus_message_peek_type) peek_type;
    __typeof__(&sd_bus_message_skip) skip;
    __typeof__(&sd_bus_match_signal) match_signal;
    __typeof__(&sd_bus_slot_unref) slot_unref;
    __typeof__(&sd_bus_process) process;
    __typeof__(&sd_bus_wait) wait;
    __typeof__(&sd_bus_error_free) error_free;
    __typeof__(&sd_bus_error_set_errno) error_set_errno;
};

/// Opens the library file `name` and fills `lib`. Returns NULL on success,
/// else why not (the loader's reason, or which call is missing).
static inline const char *forecastly_sdbus_load(const char *name, struct forecastly_sdbus *lib) {
    (void)dlerror();
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return dlerror();
    struct forecastly_sdbus loaded;
#define FORECASTLY_RESOLVE(field, symbol) \
    if ((loaded.field = (__typeof__(loaded.field))dlsym(handle, #symbol)) == NULL) { \
        dlclose(handle); \
        return "it has no " #symbol " call"; \
    }
    FORECASTLY_RESOLVE(open_system, sd_bus_open_system)
    FORECASTLY_RESOLVE(open_user, sd_bus_open_user)
    FORECASTLY_RESOLVE(new_bus, sd_bus_new)
    FORECASTLY_RESOLVE(set_address, sd_bus_set_address)
    FORECASTLY_RESOLVE(set_bus_client, sd_bus_set_bus_client)
    FORECASTLY_RESOLVE(start, sd_bus_start)
    FORECASTLY_RESOLVE(close, sd_bus_flush_close_unref)
    FORECASTLY_RESOLVE(new_method_call, sd_bus_message_new_method_call)
    FORECASTLY_RESOLVE(append_basic, sd_bus_message_append_basic)
    FORECASTLY_RESOLVE(open_container, sd_bus_message_open_container)
    FORECASTLY_RESOLVE(close_container, sd_bus_message_close_container)
    FORECASTLY_RESOLVE(call, sd_bus_call)
    FORECASTLY_RESOLVE(message_unref, sd_bus_message_unref)
    FORECASTLY_RESOLVE(read_basic, sd_bus_message_read_basic)
    FORECASTLY_RESOLVE(enter_container, sd_bus_message_enter_container)
    FORECASTLY_RESOLVE(exit_container, sd_bus_message_exit_container)
    FORECASTLY_RESOLVE(peek_type, sd_bus_message_peek_type)
    FORECASTLY_RESOLVE(skip, sd_bus_message_skip)
    FORECASTLY_RESOLVE(match_signal, sd_bus_match_signal)
    FORECASTLY_RESOLVE(slot_unref, sd_bus_slot_unref)
    FORECASTLY_RESOLVE(process, sd_bus_process)
    FORECASTLY_RESOLVE(wait, sd_bus_wait)
    FORECASTLY_RESOLVE(error_free, sd_bus_error_free)
    FORECASTLY_RESOLVE(error_set_errno, sd_bus_error_set_errno)
#undef FORECASTLY_RESOLVE
    *lib = loaded;
    return NULL;
}

/// sd-bus's calls, loaded once: from libsystemd's versioned name (what a
/// system has), else its bare name (what the -dev package adds). NULL when
/// neither loads, with the first one's reason copied into `reason`. A failure
/// is not kept, so a watch that retries finds a library installed meanwhile.
/// (Each Swift module that calls this has its own copy of the statics: at
/// most one table per module, never freed, as the library is never unloaded.)
static inline const struct forecastly_sdbus *forecastly_sdbus_calls(char *reason, size_t size) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static struct forecastly_sdbus table;
    static int loaded = 0;
    pthread_mutex_lock(&lock);
    if (!loaded) {
        const char *first = forecastly_sdbus_load("libsystemd.so.0", &table);
        if (first != NULL) {
            if (reason != NULL && size > 0) {
                strncpy(reason, first, size - 1);
                reason[size - 1] = 0;
            }
            loaded = forecastly_sdbus_load("libsystemd.so", &table) == NULL;
        } else {
            loaded = 1;
        }
    }
    pthread_mutex_unlock(&lock);
    return loaded ? &table : NULL;
}

/// A D-Bus error as a person can act on it: its name and message, copied
/// out of sd-bus (empty name: no error). `code` is the negative errno.
struct forecastly_dbus_error {
    int code;
    char name[128];
    char message[512];
};

static inline int forecastly_dbus_fail(const struct forecastly_sdbus *lib, sd_bus_error *error, int code,
                                       struct forecastly_dbus_error *out) {
    out->code = code;
    if (error->name == NULL) lib->error_set_errno(error, -code);
    strncpy(out->name, error->name ? error->name : "", sizeof(out->name) - 1);
    out->name[sizeof(out->name) - 1] = 0;
    strncpy(out->message, error->message ? error->message : "", sizeof(out->message) - 1);
    out->message[sizeof(out->message) - 1] = 0;
    lib->error_free(error);
    return code;
}

#define FORECASTLY_GEOCLUE_SERVICE "org.freedesktop.GeoClue2"
#define FORECASTLY_GEOCLUE_MANAGER "/org/freedesktop/GeoClue2/Manager"

/// What the signals say while a client runs; the match callbacks write it.
struct forecastly_geoclue_state {
    /// The newest Location object's path, set by LocationUpdated.
    char location[256];
    int updated;
    /// GeoClue switched the client off (the desktop's switch, mid-run).
    int inactive;
    sd_bus_slot *updates;
    sd_bus_slot *properties;
};

/// The state and the library, handed to the callbacks as their userdata.
struct forecastly_geoclue_watch {
    struct forecastly_geoclue_state state;
    const struct forecastly_sdbus *lib;
};

static inline int forecastly_geoclue_on_update(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    (void)error;
    struct forecastly_geoclue_watch *watch = (struct forecastly_geoclue_watch *)userdata;
    struct forecastly_geoclue_state *state = &watch->state;
    const struct forecastly_sdbus *lib = watch->lib;
    const char *old = NULL, *new = NULL;
    if (lib->read_basic(message, 'o', &old) < 0 || lib->read_basic(message, 'o', &new) < 0 || new == NULL) return 0;
    strncpy(state->location, new, sizeof(state->location) - 1);
    state->location[sizeof(state->location) - 1] = 0;
    state->updated = 1;
    return 0;
}

/// PropertiesChanged(s interface, a{sv} changed, as invalidated): only
/// `Active` turning false matters (GeoClue stopped the client: the
/// desktop's switch went off).
static inline int forecastly_geoclue_on_properties(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    (void)error;
    struct forecastly_geoclue_watch *watch = (struct forecastly_geoclue_watch *)userdata;
    struct forecastly_geoclue_state *state = &watch->state;
    const struct forecastly_sdbus *lib = watch->lib;
    const char *interface = NULL;
    if (lib->read_basic(message, 's', &interface) < 0) return 0;
    if (lib->enter_container(message, 'a', "{sv}") <= 0) return 0;
    while (lib->enter_container(message, 'e', "sv") > 0) {
        const char *name = NULL;
        if (lib->read_basic(message, 's', &name) < 0) return 0;
        char type = 0;
        const char *contents = NULL;
        if (lib->peek_type(message, &type, &contents) < 0) return 0;
        if (name != NULL && strcmp(name, "Active") == 0 && contents != NULL && strcmp(contents, "b") == 0
            && lib->enter_container(message, 'v', "b") > 0) {
            int active = 1;
            if (lib->read_basic(message, 'b', &active) >= 0 && !active) state->inactive = 1;
            lib->exit_container(message);
        } else if (lib->skip(message, "v") < 0) {
            return 0;
        }
        lib->exit_container(message);
    }
    return 0;
}

/// Connects as a client to the bus at `address` (NULL: the default one, through `open_default`).
static inline int forecastly_dbus_connect(const struct forecastly_sdbus *lib, sd_bus **bus, const char *address,
                                          int (*open_default)(sd_bus **), struct forecastly_dbus_error *out) {
    sd_bus_error error = {0};
    int code;
    if (address == NULL) {
        code = open_default(bus);
    } else {
        code = lib->new_bus(bus);
        if (code >= 0) code = lib->set_address(*bus, address);
        if (code >= 0) code = lib->set_bus_client(*bus, 1);
        if (code >= 0) code = lib->start(*bus);
        if (code < 0 && *bus != NULL) { lib->close(*bus); *bus = NULL; }
    }
    return code < 0 ? forecastly_dbus_fail(lib, &error, code, out) : 0;
}

/// Connects to the system bus (`DBUS_SYSTEM_BUS_ADDRESS` when set), or to the bus at `address`.
static inline int forecastly_geoclue_connect(const struct forecastly_sdbus *lib, sd_bus **bus, const char *address, struct forecastly_dbus_error *out) {
    return forecastly_dbus_connect(lib, bus, address, lib->open_system, out);
}

/// Calls `member` on `path` with no arguments, or with one string or object
/// path (`type` 's' or 'o', `argument`), and returns the reply in `reply`.
static inline int forecastly_geoclue_call(const struct forecastly_sdbus *lib, sd_bus *bus, const char *path,
                                          const char *interface, const char *member, char type, const char *argument,
                                          uint64_t timeout_usec, sd_bus_message **reply, struct forecastly_dbus_error *out) {
    sd_bus_error error = {0};
    sd_bus_message *call = NULL;
    int code = lib->new_method_call(bus, &call, FORECASTLY_GEOCLUE_SERVICE, path, interface, member);
    if (code >= 0 && argument != NULL) code = lib->append_basic(call, type, argument);
    if (code >= 0) code = lib->call(bus, call, timeout_usec, &error, reply);
    if (call) lib->message_unref(call);
    return code < 0 ? forecastly_dbus_fail(lib, &error, code, out) : 0;
}

/// Manager.GetClient: the client object of this connection, into `path`.
static inline int forecastly_geoclue_get_client(const struct forecastly_sdbus *lib, sd_bus *bus, uint64_t timeout_usec,
                                                char *path, size_t size, struct forecastly_dbus_error *out) {
    sd_bus_message *reply = NULL;
    int code = forecastly_geoclue_call(lib, bus, FORECASTLY_GEOCLUE_MANAGER, "org.freedesktop.GeoClue2.Manager",
                                       "GetClient", 0, NULL, timeout_usec, &reply, out);
    if (code < 0) return code;
    const char *client = NULL;
    code = lib->read_basic(reply, 'o', &client);
    if (code >= 0 && client != NULL) {
        strncpy(path, client, size - 1);
        path[size - 1] = 0;
    }
    lib->message_unref(reply);
    if (code < 0 || client == NULL) {
        sd_bus_error error = {0};
        return forecastly_dbus_fail(lib, &error, code < 0 ? code : -EBADMSG, out);
    }
    return 0;
}

/// Properties.Set on the client: a string (`type` 's') or a uint32 ('u').
static inline int forecastly_geoclue_set(const struct forecastly_sdbus *lib, sd_bus *bus, const char *client,
                                         const char *name, char type, const char *text, uint32_t number,
                                         uint64_t timeout_usec, struct forecastly_dbus_error *out) {
    sd_bus_error error = {0};
    sd_bus_message *call = NULL, *reply = NULL;
    const char *interface = "org.freedesktop.GeoClue2.Client";
    const char contents[2] = {type, 0};
    int code = lib->new_method_call(bus, &call, FORECASTLY_GEOCLUE_SERVICE, client, "org.freedesktop.DBus.Properties", "Set");
    if (code >= 0) code = lib->append_basic(call, 's', interface);
    if (code >= 0) code = lib->append_basic(call, 's', name);
    if (code >= 0) code = lib->open_container(call, 'v', contents);
    if (code >= 0) code = type == 's' ? lib->append_basic(call, 's', text) : lib->append_basic(call, 'u', &number);
    if (code >= 0) code = lib->close_container(call);
    if (code >= 0) code = lib->call(bus, call, timeout_usec, &error, &reply);
    if (call) lib->message_unref(call);
    if (reply) lib->message_unref(reply);
    return code < 0 ? forecastly_dbus_fail(lib, &error, code, out) : 0;
}

/// Subscribes to the client's LocationUpdated and PropertiesChanged, before
/// Start: a fix can arrive before Start's reply.
static inline int forecastly_geoclue_watch(const struct forecastly_sdbus *lib, sd_bus *bus, const char *client,
                                           struct forecastly_geoclue_watch *watch, struct forecastly_dbus_error *out) {
    sd_bus_error error = {0};
    watch->lib = lib;
    int code = lib->match_signal(bus, &watch->state.updates, FORECASTLY_GEOCLUE_SERVICE, client,
                                 "org.freedesktop.GeoClue2.Client", "LocationUpdated", forecastly_geoclue_on_update, watch);
    if (code >= 0) code = lib->match_signal(bus, &watch->state.properties, FORECASTLY_GEOCLUE_SERVICE, client,
                                            "org.freedesktop.DBus.Properties", "PropertiesChanged",
                                            forecastly_geoclue_on_properties, watch);
    return code < 0 ? forecastly_dbus_fail(lib, &error, code, out) : 0;
}

static inline void forecastly_geoclue_unwatch(const struct forecastly_sdbus *lib, struct forecastly_geoclue_watch *watch) {
    if (watch->state.updates) watch->state.updates = lib->slot_unref(watch->state.updates);
    if (watch->state.properties) watch->state.properties = lib->slot_unref(watch->state.properties);
}

/// Processes what has arrived, then waits up to `timeout_usec` for more.
/// Returns when a signal changed the state, or the time is up (0), or on an
/// error of the connection (< 0).
static inline int forecastly_geoclue_pump(const struct forecastly_sdbus *lib, sd_bus *bus,
                                          struct forecastly_geoclue_watch *watch, uint64_t timeout_usec) {
    for (;;) {
        int code = lib->process(bus, NULL);
        if (code < 0) return code;
        if (watch->state.updated || watch->state.inactive) return 1;
        if (code > 0) continue;
        code = lib->wait(bus, timeout_usec);
        if (code < 0 && code != -EINTR) return code;
        if (code == 0) return 0;
    }
}

/// A fix as GeoClue's Location object holds it.
struct forecastly_geoclue_fix {
    double latitude, longitude, accuracy, altitude;
    uint64_t seconds, microseconds;
    int has_latitude, has_longitude;
};

/// Reads Properties.GetAll's answer for a Location object (a{sv}) into
/// `fix`. Whatever GeoClue, or whoever owns its name, sends: a property of
/// another type than documented is skipped, a body of another shape ends
/// the reading with a negative errno, and an empty body holds no position.
/// 0 on success.
static inline int forecastly_geoclue_parse_fix(const struct forecastly_sdbus *lib, sd_bus_message *reply,
                                               struct forecastly_geoclue_fix *fix) {
    memset(fix, 0, sizeof(*fix));
    fix->accuracy = -1;
    int code = lib->enter_container(reply, 'a', "{sv}");
    while (code > 0 && (code = lib->enter_container(reply, 'e', "sv")) > 0) {
        const char *name = NULL;
        if ((code = lib->read_basic(reply, 's', &name)) < 0) break;
        char type = 0;
        const char *contents = NULL;
        if ((code = lib->peek_type(reply, &type, &contents)) < 0) break;
        double *target = NULL;
        int *flag = NULL;
        if (strcmp(name, "Latitude") == 0) { target = &fix->latitude; flag = &fix->has_latitude; }
        else if (strcmp(name, "Longitude") == 0) { target = &fix->longitude; flag = &fix->has_longitude; }
        else if (strcmp(name, "Accuracy") == 0) target = &fix->accuracy;
        else if (strcmp(name, "Altitude") == 0) target = &fix->altitude;
        if (target != NULL && contents != NULL && strcmp(contents, "d") == 0) {
            if ((code = lib->enter_container(reply, 'v', "d")) < 0) break;
            if ((code = lib->read_basic(reply, 'd', target)) < 0) break;
            if (flag) *flag = 1;
            lib->exit_container(reply);
        } else if (strcmp(name, "Timestamp") == 0 && contents != NULL && strcmp(contents, "(tt)") == 0) {
            if ((code = lib->enter_container(reply, 'v', "(tt)")) < 0) break;
            if ((code = lib->enter_container(reply, 'r', "tt")) < 0) break;
            if ((code = lib->read_basic(reply, 't', &fix->seconds)) < 0) break;
            if ((code = lib->read_basic(reply, 't', &fix->microseconds)) < 0) break;
            lib->exit_container(reply);
            lib->exit_container(reply);
        } else if ((code = lib->skip(reply, "v")) < 0) {
            break;
        }
        lib->exit_container(reply);
        code = 1;
    }
    return code < 0 ? code : 0;
}

/// Properties.GetAll on a Location object.
static inline int forecastly_geoclue_read_fix(const struct forecastly_sdbus *lib, sd_bus *bus, const char *location,
                                              uint64_t timeout_usec, struct forecastly_geoclue_fix *fix,
                                              struct forecastly_dbus_error *out) {
    sd_bus_message *reply = NULL;
    int code = forecastly_geoclue_call(lib, bus, location, "org.freedesktop.DBus.Properties", "GetAll",
                                       's', "org.freedesktop.GeoClue2.Location", timeout_usec, &reply, out);
    if (code < 0) return code;
    code = forecastly_geoclue_parse_fix(lib, reply, fix);
    lib->message_unref(reply);
    if (code < 0) {
        sd_bus_error error = {0};
        return forecastly_dbus_fail(lib, &error, code, out);
    }
    return 0;
}

// MARK: Desktop notifications (org.freedesktop.Notifications on the session bus)

#define FORECASTLY_NOTIFICATIONS_SERVICE "org.freedesktop.Notifications"
#define FORECASTLY_NOTIFICATIONS_PATH "/org/freedesktop/Notifications"

/// Connects to the session bus (`DBUS_SESSION_BUS_ADDRESS`), or to the bus at `address`.
static inline int forecastly_session_connect(const struct forecastly_sdbus *lib, sd_bus **bus, const char *address, struct forecastly_dbus_error *out) {
    return forecastly_dbus_connect(lib, bus, address, lib->open_user, out);
}

/// Notify(app_name s, replaces_id u, app_icon s, summary s, body s,
/// actions as, hints a{sv}, expire_timeout i) with the one hint `urgency`
/// (a byte: 0 low, 1 normal, 2 critical); the server's id into `id`.
static inline int forecastly_notify(const struct forecastly_sdbus *lib, sd_bus *bus, uint32_t replaces, const char *summary,
                                    const char *body, uint8_t urgency, int32_t timeout_ms, uint64_t timeout_usec,
                                    uint32_t *id, struct forecastly_dbus_error *out) {
    sd_bus_error error = {0};
    sd_bus_message *call = NULL, *reply = NULL;
    int code = lib->new_method_call(bus, &call, FORECASTLY_NOTIFICATIONS_SERVICE, FORECASTLY_NOTIFICATIONS_PATH,
                                    FORECASTLY_NOTIFICATIONS_SERVICE, "Notify");
    if (code >= 0) code = lib->append_basic(call, 's', "forecastly");
    if (code >= 0) code = lib->append_basic(call, 'u', &replaces);
    if (code >= 0) code = lib->append_basic(call, 's', "weather-severe-alert");
    if (code >= 0) code = lib->append_basic(call, 's', summary);
    if (code >= 0) code = lib->append_basic(call, 's', body);
    if (code >= 0) code = lib->open_container(call, 'a', "s");
    if (code >= 0) code = lib->close_container(call);
    if (code >= 0) code = lib->open_container(call, 'a', "{sv}");
    if (code >= 0) code = lib->open_container(call, 'e', "sv");
    if (code >= 0) code = lib->append_basic(call, 's', "urgency");
    if (code >= 0) code = lib->open_container(call, 'v', "y");
    if (code >= 0) code = lib->append_basic(call, 'y', &urgency);
    if (code >= 0) code = lib->close_container(call);
    if (code >= 0) code = lib->close_container(call);
    if (code >= 0) code = lib->close_container(call);
    if (code >= 0) code = lib->append_basic(call, 'i', &timeout_ms);
    if (code >= 0) code = lib->call(bus, call, timeout_usec, &error, &reply);
    if (call) lib->message_unref(call);
    if (code < 0) return forecastly_dbus_fail(lib, &error, code, out);
    code = lib->read_basic(reply, 'u', id);
    lib->message_unref(reply);
    if (code <= 0) {
        sd_bus_error none = {0};
        return forecastly_dbus_fail(lib, &none, code < 0 ? code : -EBADMSG, out);
    }
    return 0;
}

/// CloseNotification(id u): the notification is withdrawn.
static inline int forecastly_notify_close(const struct forecastly_sdbus *lib, sd_bus *bus, uint32_t id, uint64_t timeout_usec,
                                          struct forecastly_dbus_error *out) {
    sd_bus_error error = {0};
    sd_bus_message *call = NULL, *reply = NULL;
    int code = lib->new_method_call(bus, &call, FORECASTLY_NOTIFICATIONS_SERVICE, FORECASTLY_NOTIFICATIONS_PATH,
                                    FORECASTLY_NOTIFICATIONS_SERVICE, "CloseNotification");
    if (code >= 0) code = lib->append_basic(call, 'u', &id);
    if (code >= 0) code = lib->call(bus, call, timeout_usec, &error, &reply);
    if (call) lib->message_unref(call);
    if (reply) lib->message_unref(reply);
    return code < 0 ? forecastly_dbus_fail(lib, &error, code, out) : 0;
}

#endif
