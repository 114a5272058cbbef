// libxml2's streaming reader (xmlTextReader), for reading GPX tracks in
// `forecastly simulate --track`. libxml2 is not linked: it is loaded when a
// GPX file is first read (forecastly_xml_load). Linked, every run would load
// it and the libraries it needs (ICU, lzma) before main, though only a
// simulation ever reads XML.
//
// The few calls used are declared here rather than taken from
// <libxml/xmlreader.h>, so building needs no libxml2-dev: the xmlTextReader
// API and its ABI have been stable since libxml2 2.5 (2003), and the soname
// (libxml2.so.2) changes with the ABI.
#ifndef FORECASTLY_CXML_SHIM_H
#define FORECASTLY_CXML_SHIM_H

#include <dlfcn.h>
#include <stddef.h>

/// libxml2's node types, as xmlTextReaderNodeType answers.
enum {
    FORECASTLY_XML_ELEMENT = 1,
    FORECASTLY_XML_TEXT = 3,
    FORECASTLY_XML_CDATA = 4,
    FORECASTLY_XML_END_ELEMENT = 15,
};

/// XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING: never fetch
/// anything from the network (a DTD), and report errors only through the
/// return values. Entities are not substituted (no XML_PARSE_NOENT).
static const int forecastly_xml_options = 2048 | 32 | 64;

struct forecastly_xml {
    void *(*reader_for_memory)(const char *buffer, int size, const char *url, const char *encoding, int options);
    int (*read)(void *reader);
    int (*node_type)(void *reader);
    int (*is_empty_element)(void *reader);
    const unsigned char *(*const_local_name)(void *reader);
    const unsigned char *(*const_value)(void *reader);
    int (*move_to_attribute)(void *reader, const unsigned char *name);
    int (*move_to_element)(void *reader);
    int (*line_number)(void *reader);
    void (*free_reader)(void *reader);
};

/// Loads libxml2 and fills `lib`. Returns NULL on success, else why not: the
/// loader's reason (valid until the next loader call on this thread), or
/// which call is missing.
static inline const char *forecastly_xml_load(struct forecastly_xml *lib) {
    (void)dlerror();
    void *handle = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return dlerror();
#define FORECASTLY_XML_CALL(field, name) \
    *(void **)(&lib->field) = dlsym(handle, name); \
    if (lib->field == NULL) { dlclose(handle); return "libxml2 lacks " name; }
    FORECASTLY_XML_CALL(reader_for_memory, "xmlReaderForMemory")
    FORECASTLY_XML_CALL(read, "xmlTextReaderRead")
    FORECASTLY_XML_CALL(node_type, "xmlTextReaderNodeType")
    FORECASTLY_XML_CALL(is_empty_element, "xmlTextReaderIsEmptyElement")
    FORECASTLY_XML_CALL(const_local_name, "xmlTextReaderConstLocalName")
    FORECASTLY_XML_CALL(const_value, "xmlTextReaderConstValue")
    FORECASTLY_XML_CALL(move_to_attribute, "xmlTextReaderMoveToAttribute")
    FORECASTLY_XML_CALL(move_to_element, "xmlTextReaderMoveToElement")
    FORECASTLY_XML_CALL(line_number, "xmlTextReaderGetParserLineNumber")
    FORECASTLY_XML_CALL(free_reader, "xmlFreeTextReader")
#undef FORECASTLY_XML_CALL
    return NULL;
}

#endif
