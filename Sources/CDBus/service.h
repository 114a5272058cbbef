// Serving objects on a D-Bus bus with sd-bus, for the simulator's GeoClue
// service (forecastly simulate serve): the few calls a service makes beyond
// a client's, loaded as shim.h loads its own, and the object tables
// (vtables), which are C macros Swift cannot write.
//
// Every method call, property read and property write of the objects
// registered with these tables goes to one handler (`forecastly_service_binding`),
// which the Swift side implements: the C here only routes.
#ifndef FORECASTLY_CDBUS_SERVICE_H
#define FORECASTLY_CDBUS_SERVICE_H

#include "shim.h"

/// The calls a service makes beyond a client's.
struct forecastly_sdbus_service {
    const struct forecastly_sdbus *client;
    __typeof__(&sd_bus_new) new_bus;
    __typeof__(&sd_bus_set_address) set_address;
    __typeof__(&sd_bus_set_bus_client) set_bus_client;
    __typeof__(&sd_bus_start) start;
    __typeof__(&sd_bus_request_name) request_name;
    __typeof__(&sd_bus_add_object_vtable) add_object_vtable;
    __typeof__(&sd_bus_emit_properties_changed_strv) emit_properties_changed_strv;
    __typeof__(&sd_bus_message_new_signal) new_signal;
    __typeof__(&sd_bus_message_new_method_return) new_method_return;
    __typeof__(&sd_bus_send) send;
    __typeof__(&sd_bus_message_get_path) get_path;
    __typeof__(&sd_bus_message_get_member) get_member;
    __typeof__(&sd_bus_message_get_sender) get_sender;
    __typeof__(&sd_bus_error_set) error_set;
    __typeof__(&sd_bus_message_set_destination) set_destination;
    /// What the service's own loop polls: the bus's descriptor, the events
    /// it waits for, and when sd-bus next needs to run (its timeouts).
    __typeof__(&sd_bus_get_fd) get_fd;
    __typeof__(&sd_bus_get_events) get_events;
    __typeof__(&sd_bus_get_timeout) get_timeout;
    /// The vtable format this libsystemd knows (what SD_BUS_VTABLE_START
    /// points at; taken here, as the library is loaded, not linked).
    const unsigned *vtable_format;
};

/// The service calls, loaded once (NULL when sd-bus cannot be loaded; `reason` says why).
static inline const struct forecastly_sdbus_service *forecastly_sdbus_service_calls(char *reason, size_t size) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static struct forecastly_sdbus_service table;
    static int loaded = 0;
    pthread_mutex_lock(&lock);
    if (!loaded) {
        const struct forecastly_sdbus *client = forecastly_sdbus_calls(reason, size);
        void *handle = client == NULL ? NULL : dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL && client != NULL) handle = dlopen("libsystemd.so", RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) {
            struct forecastly_sdbus_service loading;
            loading.client = client;
            int missing = 0;
#define FORECASTLY_RESOLVE(field, symbol) \
            if ((loading.field = (__typeof__(loading.field))dlsym(handle, #symbol)) == NULL) missing = 1;
            FORECASTLY_RESOLVE(new_bus, sd_bus_new)
            FORECASTLY_RESOLVE(set_address, sd_bus_set_address)
            FORECASTLY_RESOLVE(set_bus_client, sd_bus_set_bus_client)
            FORECASTLY_RESOLVE(start, sd_bus_start)
            FORECASTLY_RESOLVE(request_name, sd_bus_request_name)
            FORECASTLY_RESOLVE(add_object_vtable, sd_bus_add_object_vtable)
            FORECASTLY_RESOLVE(emit_properties_changed_strv, sd_bus_emit_properties_changed_strv)
            FORECASTLY_RESOLVE(new_signal, sd_bus_message_new_signal)
            FORECASTLY_RESOLVE(new_method_return, sd_bus_message_new_method_return)
            FORECASTLY_RESOLVE(send, sd_bus_send)
            FORECASTLY_RESOLVE(get_path, sd_bus_message_get_path)
            FORECASTLY_RESOLVE(get_member, sd_bus_message_get_member)
            FORECASTLY_RESOLVE(get_sender, sd_bus_message_get_sender)
            FORECASTLY_RESOLVE(error_set, sd_bus_error_set)
            FORECASTLY_RESOLVE(set_destination, sd_bus_message_set_destination)
            FORECASTLY_RESOLVE(get_fd, sd_bus_get_fd)
            FORECASTLY_RESOLVE(get_events, sd_bus_get_events)
            FORECASTLY_RESOLVE(get_timeout, sd_bus_get_timeout)
            FORECASTLY_RESOLVE(vtable_format, sd_bus_object_vtable_format)
#undef FORECASTLY_RESOLVE
            if (missing) {
                if (reason != NULL && size > 0) strncpy(reason, "libsystemd lacks a call a D-Bus service needs", size - 1);
            } else {
                table = loading;
                loaded = 1;
            }
        }
    }
    pthread_mutex_unlock(&lock);
    return loaded ? &table : NULL;
}

/// What the handler is asked to do.
enum forecastly_service_request {
    /// A method call: `message` is the call; reply with new_method_return and send, or set `error`.
    FORECASTLY_SERVICE_CALL = 0,
    /// A property read: append the value to `message` (the reply).
    FORECASTLY_SERVICE_GET = 1,
    /// A property write: read the value from `message`.
    FORECASTLY_SERVICE_SET = 2,
};

/// The Swift side: one handler for every object, with its context.
struct forecastly_service_binding {
    int (*handle)(void *context, int request, const char *path, const char *member, sd_bus_message *message, sd_bus_error *error);
    void *context;
};

static inline int forecastly_service_call(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    struct forecastly_service_binding *binding = (struct forecastly_service_binding *)userdata;
    return binding->handle(binding->context, FORECASTLY_SERVICE_CALL, NULL, NULL, message, error);
}

static inline int forecastly_service_get(sd_bus *bus, const char *path, const char *interface, const char *property,
                                         sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)interface;
    struct forecastly_service_binding *binding = (struct forecastly_service_binding *)userdata;
    return binding->handle(binding->context, FORECASTLY_SERVICE_GET, path, property, reply, error);
}

static inline int forecastly_service_set(sd_bus *bus, const char *path, const char *interface, const char *property,
                                         sd_bus_message *value, void *userdata, sd_bus_error *error) {
    (void)bus; (void)interface;
    struct forecastly_service_binding *binding = (struct forecastly_service_binding *)userdata;
    return binding->handle(binding->context, FORECASTLY_SERVICE_SET, path, property, value, error);
}

/// SD_BUS_VTABLE_START without its reference to the format symbol (a
/// loaded library's, filled in by forecastly_vtable_with_format).
#define FORECASTLY_VTABLE_START                                                                   \
    {                                                                                             \
        .type = _SD_BUS_VTABLE_START, .flags = 0,                                                 \
        .x = {.start = {.element_size = sizeof(sd_bus_vtable), .features = _SD_BUS_VTABLE_PARAM_NAMES, \
                        .vtable_format_reference = NULL}},                                        \
    }

static inline const sd_bus_vtable *forecastly_vtable_with_format(sd_bus_vtable *table, const struct forecastly_sdbus_service *calls) {
    table[0].x.start.vtable_format_reference = calls->vtable_format;
    return table;
}

#define FORECASTLY_GET SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE
#define FORECASTLY_RW SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE | SD_BUS_VTABLE_UNPRIVILEGED

/// org.freedesktop.GeoClue2.Manager, as GeoClue 2.6's interface file has it.
static inline const sd_bus_vtable *forecastly_geoclue_manager_vtable(const struct forecastly_sdbus_service *calls) {
    static sd_bus_vtable table[] = {
        FORECASTLY_VTABLE_START,
        SD_BUS_PROPERTY("InUse", "b", forecastly_service_get, 0, FORECASTLY_GET),
        SD_BUS_PROPERTY("AvailableAccuracyLevel", "u", forecastly_service_get, 0, FORECASTLY_GET),
        SD_BUS_METHOD("GetClient", "", "o", forecastly_service_call, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("CreateClient", "", "o", forecastly_service_call, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("DeleteClient", "o", "", forecastly_service_call, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("AddAgent", "s", "", forecastly_service_call, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_VTABLE_END,
    };
    return forecastly_vtable_with_format(table, calls);
}

/// org.freedesktop.GeoClue2.Client.
static inline const sd_bus_vtable *forecastly_geoclue_client_vtable(const struct forecastly_sdbus_service *calls) {
    static sd_bus_vtable table[] = {
        FORECASTLY_VTABLE_START,
        SD_BUS_PROPERTY("Location", "o", forecastly_service_get, 0, FORECASTLY_GET),
        SD_BUS_WRITABLE_PROPERTY("DistanceThreshold", "u", forecastly_service_get, forecastly_service_set, 0, FORECASTLY_RW),
        SD_BUS_WRITABLE_PROPERTY("TimeThreshold", "u", forecastly_service_get, forecastly_service_set, 0, FORECASTLY_RW),
        SD_BUS_WRITABLE_PROPERTY("DesktopId", "s", forecastly_service_get, forecastly_service_set, 0, FORECASTLY_RW),
        SD_BUS_WRITABLE_PROPERTY("RequestedAccuracyLevel", "u", forecastly_service_get, forecastly_service_set, 0, FORECASTLY_RW),
        SD_BUS_PROPERTY("Active", "b", forecastly_service_get, 0, FORECASTLY_GET),
        SD_BUS_METHOD("Start", "", "", forecastly_service_call, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("Stop", "", "", forecastly_service_call, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_SIGNAL("LocationUpdated", "oo", 0),
        SD_BUS_VTABLE_END,
    };
    return forecastly_vtable_with_format(table, calls);
}

/// org.freedesktop.GeoClue2.Location: a position, fixed once made.
static inline const sd_bus_vtable *forecastly_geoclue_location_vtable(const struct forecastly_sdbus_service *calls) {
    static sd_bus_vtable table[] = {
        FORECASTLY_VTABLE_START,
        SD_BUS_PROPERTY("Latitude", "d", forecastly_service_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("Longitude", "d", forecastly_service_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("Accuracy", "d", forecastly_service_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("Altitude", "d", forecastly_service_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("Speed", "d", forecastly_service_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("Heading", "d", forecastly_service_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("Description", "s", forecastly_service_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_PROPERTY("Timestamp", "(tt)", forecastly_service_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_VTABLE_END,
    };
    return forecastly_vtable_with_format(table, calls);
}

/// org.freedesktop.portal.Location on org.freedesktop.portal.Desktop, as
/// xdg-desktop-portal documents it (version 1).
static inline const sd_bus_vtable *forecastly_portal_location_vtable(const struct forecastly_sdbus_service *calls) {
    static sd_bus_vtable table[] = {
        FORECASTLY_VTABLE_START,
        SD_BUS_PROPERTY("version", "u", forecastly_service_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_METHOD("CreateSession", "a{sv}", "o", forecastly_service_call, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_METHOD("Start", "osa{sv}", "o", forecastly_service_call, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_SIGNAL("LocationUpdated", "oa{sv}", 0),
        SD_BUS_VTABLE_END,
    };
    return forecastly_vtable_with_format(table, calls);
}

/// org.freedesktop.portal.Session: a location session, closed by its client or the portal.
static inline const sd_bus_vtable *forecastly_portal_session_vtable(const struct forecastly_sdbus_service *calls) {
    static sd_bus_vtable table[] = {
        FORECASTLY_VTABLE_START,
        SD_BUS_PROPERTY("version", "u", forecastly_service_get, 0, SD_BUS_VTABLE_PROPERTY_CONST),
        SD_BUS_METHOD("Close", "", "", forecastly_service_call, SD_BUS_VTABLE_UNPRIVILEGED),
        SD_BUS_SIGNAL("Closed", "a{sv}", 0),
        SD_BUS_VTABLE_END,
    };
    return forecastly_vtable_with_format(table, calls);
}

#endif
