// libFuzzer harness for the D-Bus readers forecastly writes itself, in
// Sources/CDBus/shim.h: the LocationUpdated and PropertiesChanged signal
// handlers and the reader of a Location object's properties (GetAll).
//
// sd-bus checks every message against its own signature before these
// readers see it, so random bytes would never get past it. What a broken or
// hostile peer on the bus controls is which signature a message has and
// which values it holds; so the fuzzer's bytes are a small program that
// builds one message through sd-bus (append a value, open or close a
// container), and every reader then reads that message.
//
// C, not Swift, and built with AddressSanitizer (scripts/fuzz): these
// readers are C, and a read or write out of bounds is what to find here.
#include "shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

static struct forecastly_sdbus lib;
static sd_bus *bus;

/// sd-bus makes messages only for a bus that has begun connecting: one end
/// of a socket pair nobody answers is enough, and nothing is ever sent.
static void set_up(void) {
    int pair[2];
    const char *why = forecastly_sdbus_load("libsystemd.so.0", &lib);
    if (why != NULL) { fprintf(stderr, "libsystemd: %s\n", why); abort(); }
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0, pair) < 0
        || sd_bus_new(&bus) < 0 || sd_bus_set_fd(bus, pair[0], pair[0]) < 0 || sd_bus_start(bus) < 0) {
        fprintf(stderr, "cannot make an sd-bus bus to build messages with\n");
        abort();
    }
}

struct program { const uint8_t *bytes; size_t left; };

static uint8_t next(struct program *p) {
    if (p->left == 0) return 0;
    p->left--;
    return *p->bytes++;
}

static void next_bytes(struct program *p, void *out, size_t count) {
    memset(out, 0, count);
    size_t n = count < p->left ? count : p->left;
    memcpy(out, p->bytes, n);
    p->bytes += n;
    p->left -= n;
}

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

/// The words GeoClue's messages use, so the fuzzer need not guess them.
static const char *const words[] = {
    "Latitude", "Longitude", "Accuracy", "Altitude", "Timestamp", "Speed", "Heading", "Description",
    "Active", "org.freedesktop.GeoClue2.Client", "org.freedesktop.GeoClue2.Location", "",
};
static const char *const paths[] = {
    "/org/freedesktop/GeoClue2/Client/1/Location/0", "/", "/org/freedesktop/GeoClue2/Client/1/Location/1",
};
static const char container_types[] = {'a', 'e', 'v', 'r'};
static const char *const array_contents[] = {"{sv}", "{sd}", "s", "o", "d", "v", "{ss}", "(tt)"};
static const char *const entry_contents[] = {"sv", "sd", "ss", "sb"};
static const char *const variant_contents[] = {"d", "b", "(tt)", "s", "u", "t", "o", "as", "a{sv}", "v", "(td)", "i", "(t)"};
static const char *const struct_contents[] = {"tt", "td", "t", "dd", "ttt"};

/// A string from the words, or up to 63 of the program's own bytes.
static void next_text(struct program *p, const char *const *dictionary, size_t size, char *out) {
    uint8_t choice = next(p);
    if (choice < 200) {
        strcpy(out, dictionary[choice % size]);
        return;
    }
    size_t length = next(p) % 64;
    next_bytes(p, out, length);
    out[length] = 0;
}

/// Runs the program; sd-bus refuses any step that breaks the signature
/// being built, and that step is skipped. NULL if the message cannot be sealed.
static sd_bus_message *build(struct program *p) {
    sd_bus_message *m = NULL;
    if (sd_bus_message_new_signal(bus, &m, "/org/freedesktop/GeoClue2/Client/1", "org.freedesktop.GeoClue2.Client",
                                  "LocationUpdated") < 0) abort();
    int depth = 0;
    char text[256];
    for (int step = 0; p->left > 0 && step < 256; step++) {
        switch (next(p) % 8) {
        case 0: next_text(p, words, COUNT(words), text); (void)sd_bus_message_append_basic(m, 's', text); break;
        case 1: { double value; next_bytes(p, &value, sizeof value); (void)sd_bus_message_append_basic(m, 'd', &value); break; }
        case 2: { uint64_t value; next_bytes(p, &value, sizeof value); (void)sd_bus_message_append_basic(m, 't', &value); break; }
        case 3: { int value = next(p) & 1; (void)sd_bus_message_append_basic(m, 'b', &value); break; }
        case 4: next_text(p, paths, COUNT(paths), text); (void)sd_bus_message_append_basic(m, 'o', text); break;
        case 5: {
            char type = container_types[next(p) % COUNT(container_types)];
            uint8_t choice = next(p);
            const char *contents = type == 'a' ? array_contents[choice % COUNT(array_contents)]
                : type == 'e' ? entry_contents[choice % COUNT(entry_contents)]
                : type == 'v' ? variant_contents[choice % COUNT(variant_contents)]
                : struct_contents[choice % COUNT(struct_contents)];
            if (sd_bus_message_open_container(m, type, contents) >= 0) depth++;
            break;
        }
        case 6: if (depth > 0 && sd_bus_message_close_container(m) >= 0) depth--; break;
        case 7: { uint32_t value; next_bytes(p, &value, sizeof value); (void)sd_bus_message_append_basic(m, 'u', &value); break; }
        }
    }
    while (depth > 0 && sd_bus_message_close_container(m) >= 0) depth--;
    if (depth > 0 || sd_bus_message_seal(m, 1, 0) < 0) {
        sd_bus_message_unref(m);
        return NULL;
    }
    return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (bus == NULL) set_up();
    struct program program = {data, size};
    sd_bus_message *m = build(&program);
    if (m == NULL) return 0;

    struct forecastly_geoclue_fix fix;
    if (sd_bus_message_rewind(m, 1) >= 0) (void)forecastly_geoclue_parse_fix(&lib, m, &fix);

    struct forecastly_geoclue_watch watch;
    memset(&watch, 0, sizeof watch);
    watch.lib = &lib;
    if (sd_bus_message_rewind(m, 1) >= 0) (void)forecastly_geoclue_on_update(m, &watch, NULL);
    // The Swift side reads the path as a C string: it must end inside its buffer.
    if (memchr(watch.state.location, 0, sizeof watch.state.location) == NULL) abort();
    if (sd_bus_message_rewind(m, 1) >= 0) (void)forecastly_geoclue_on_properties(m, &watch, NULL);

    sd_bus_message_unref(m);
    return 0;
}
