/*
 * Lodestone plugin ABI.
 *
 * The only boundary between lodestoned and a plugin library. It is plain C so that a plugin may
 * be built apart from the daemon, by someone else, with another compiler: nothing C++ (no
 * exception, no std::string, no Poco type) crosses it. Data crosses as UTF-8 JSON in buffers;
 * errors come back as a status code plus a message the plugin writes into a buffer the host owns.
 *
 * A plugin library exports exactly one symbol, LODESTONE_PLUGIN_ENTRY_SYMBOL, of type
 * lodestone_plugin_entry_fn. The host calls it once after loading, passing its API table and its
 * ABI version; the plugin returns a descriptor that lives as long as the library is loaded.
 *
 * Versioning: the host refuses a descriptor whose abi_major differs from its own. Within one
 * major version, structs only grow at the end; each starts with its size so either side reads a
 * field added in a later minor version only when struct_size covers it (the config key table, an
 * array, has its element size in the descriptor's config_key_size from 1.3 on). A minor version
 * may also add optional fields to a JSON document the host reads (1.2: http_request's connectTo,
 * timeoutMs, maxResponseBytes, bodyEncoding); a plugin sends them only to a host whose
 * abi_minor says so.
 *
 * Most plugins are written against plugin.hpp, the C++ wrapper, and never touch these structs.
 */
#ifndef LODESTONE_PLUGIN_ABI_H
#define LODESTONE_PLUGIN_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LODESTONE_ABI_MAJOR 1u
#define LODESTONE_ABI_MINOR 4u

#define LODESTONE_PLUGIN_ENTRY_SYMBOL "lodestone_plugin_entry"

#if defined(__GNUC__)
#define LODESTONE_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define LODESTONE_PLUGIN_EXPORT
#endif

/* What a plugin does; the pipeline step or subsystem that may use it. */
typedef enum lodestone_plugin_kind {
    LODESTONE_PLUGIN_RESEARCH = 1, /* lead in -> research facts out */
    LODESTONE_PLUGIN_CONTENT = 2,  /* lead + research in -> lead-magnet content out */
    LODESTONE_PLUGIN_WEBHOOK = 3,  /* delivery in -> delivery outcome out */
    LODESTONE_PLUGIN_MAILER = 4    /* message in -> send outcome out */
} lodestone_plugin_kind;

/* Results of configure() and run(). Anything but LODESTONE_OK carries a message. */
typedef enum lodestone_status {
    LODESTONE_OK = 0,
    LODESTONE_ERROR_INVALID_CONFIG = 1, /* configure(): the config is wrong */
    LODESTONE_ERROR_INVALID_INPUT = 2,  /* run(): the input cannot be processed */
    LODESTONE_ERROR_FAILED = 3,         /* run(): the work failed (may succeed on retry) */
    LODESTONE_ERROR_CANCELLED = 4       /* run(): stopped because the host cancelled it */
} lodestone_status;

/* Types of config values. The host checks each value against its declared type before
 * configure() and passes the whole `config:` mapping as a JSON object with defaults filled in.
 * Durations ("500ms", "5s", "2h") arrive as integer milliseconds. */
typedef enum lodestone_config_type {
    LODESTONE_CONFIG_STRING = 1,
    LODESTONE_CONFIG_INTEGER = 2,
    LODESTONE_CONFIG_NUMBER = 3,
    LODESTONE_CONFIG_BOOLEAN = 4,
    LODESTONE_CONFIG_DURATION = 5,
    LODESTONE_CONFIG_STRING_LIST = 6,
    LODESTONE_CONFIG_OBJECT = 7 /* any mapping, passed through as a JSON object */
} lodestone_config_type;

/* One key a plugin accepts under its `config:` mapping. Unknown keys are refused by the host. */
typedef struct lodestone_config_key {
    const char* name;
    lodestone_config_type type;
    const char* default_value; /* as written in YAML ("30s", "10", "true"); NULL: no default */
    int required;              /* non-zero: the key must be given (default_value is ignored) */
    const char* description;

    /* ABI 1.3 (read only when the descriptor's config_key_size covers them): the smallest and
     * the largest value of an integer, number or duration key, written as in YAML ("1", "0.5",
     * "100ms"); NULL: no bound. The host refuses a value outside them, naming the key and its
     * line, as it refuses a mistyped one, so configure() never sees one. */
    const char* minimum;
    const char* maximum;
} lodestone_config_key;

/* Log levels, in Poco's order. */
typedef enum lodestone_log_level {
    LODESTONE_LOG_TRACE = 1,
    LODESTONE_LOG_DEBUG = 2,
    LODESTONE_LOG_INFO = 3,
    LODESTONE_LOG_WARNING = 4,
    LODESTONE_LOG_ERROR = 5
} lodestone_log_level;

/* A growable output buffer owned by the host; a plugin appends its JSON result to it. */
typedef struct lodestone_output {
    void* host_data;
    void (*append)(struct lodestone_output* output, const char* data, size_t length);
} lodestone_output;

/* One call of run(): opaque to the plugin, passed back to the host functions below. */
typedef struct lodestone_run_context lodestone_run_context;

/* What the host offers a plugin. Valid for as long as the library is loaded. */
typedef struct lodestone_host_api {
    uint32_t abi_major;
    uint32_t abi_minor;
    uint32_t struct_size;

    /* Logs under the plugin instance's name. `instance_handle` is the handle given to create(). */
    void (*log)(void* instance_handle, lodestone_log_level level, const char* message);

    /* Progress of the current run, 0-100, with a short human-readable note (may be NULL). */
    void (*report_progress)(lodestone_run_context* context, int percent, const char* note);

    /* Non-zero once the host has given up on this run (timeout, shutdown). A plugin checks it
     * between units of work and returns LODESTONE_ERROR_CANCELLED promptly. */
    int (*is_cancelled)(lodestone_run_context* context);

    /* When the host stops waiting for this run, in epoch milliseconds. */
    int64_t (*deadline_ms)(lodestone_run_context* context);

    /* ABI 1.1 (absent when struct_size does not cover it): one outbound HTTP request through
     * the host's client, which applies the daemon's safety rules: http(s) only, the address
     * actually connected to checked against forbidden ranges (loopback, private, link-local,
     * multicast, cloud metadata) unless the operator allows them, the whole exchange bounded by
     * the run's deadline, the response body capped, redirects never followed.
     *
     * `request_json`: {"method": "POST", "url": "...", "headers": {"Name": "value"},
     * "body": "..."} (method defaults to GET, headers and body to none).
     *
     * ABI 1.2 (a host whose abi_minor is 1 refuses these fields as unknown; no struct grew, so
     * a plugin checks the host's abi_minor before sending them):
     *   "connectTo": "127.0.0.1:18080" or "[::1]:18080": connect to this IP address and port
     *     instead of the URL host's addresses (no DNS lookup), as curl's --connect-to does. The
     *     address is checked against the same forbidden ranges as a resolved one; the Host
     *     header and the TLS SNI and certificate check still use the URL's host.
     *   "timeoutMs": 5000: give up on this request this long from now, if that comes before
     *     the run's deadline (at least 1).
     *   "maxResponseBytes": 2097152: keep at most this much of the body (a value above the
     *     host's own cap is the host's cap); the rest is never read and "truncated" is true.
     *   "bodyEncoding": "base64": the response's "body" is the body's bytes in base64, and
     *     the response says "bodyEncoding": "base64" ("text", the default, replaces what is not
     *     UTF-8 with U+FFFD; a page in windows-1252 needs its bytes).
     *
     * On LODESTONE_OK `response` receives {"status": 200, "headers": {...}, "body": "...",
     * "truncated": false, "latencyMs": 12, "remoteAddress": "203.0.113.7:443"}, whatever the
     * status code. No response at all (refused address, DNS, connect, TLS, timeout) is
     * LODESTONE_ERROR_FAILED with the reason; a request the host cannot make sense of is
     * LODESTONE_ERROR_INVALID_INPUT. */
    lodestone_status (*http_request)(lodestone_run_context* context, const char* request_json,
                                     size_t request_length, lodestone_output* response, char* error,
                                     size_t error_capacity);

    /* ABI 1.4 (absent when struct_size does not cover it): the path of the vocabulary file the
     * daemon read for this instance (its `pipeline.vocabulary`, by default vocabulary.yaml in the
     * plugin dir; docs/plugins.md "The vocabulary"), copied NUL-terminated into `buffer` as far
     * as `capacity` allows. `instance_handle` is the handle given to create(). Returns the path's
     * length: a result not below `capacity` means the copy was cut, and a larger buffer gets it
     * whole. A plugin reads it in configure(); a reload makes new instances, told the path then in
     * force. */
    size_t (*vocabulary_path)(void* instance_handle, char* buffer, size_t capacity);
} lodestone_host_api;

/* Everything the host knows about a plugin. Static data in the plugin library. */
typedef struct lodestone_plugin_descriptor {
    uint32_t abi_major;
    uint32_t abi_minor;
    uint32_t struct_size;

    const char* name; /* e.g. "basic" */
    lodestone_plugin_kind kind;
    const char* version; /* the plugin's own version, e.g. "1.0.0" */
    const char* description;

    const lodestone_config_key* config_keys;
    size_t config_key_count;

    /* Makes an instance. `instance_handle` identifies it to host->log. NULL on failure, with a
     * message in `error`. */
    void* (*create)(const lodestone_host_api* host, void* instance_handle, char* error,
                    size_t error_capacity);

    /* Called once, before any run(), with the `config:` mapping as a JSON object. */
    lodestone_status (*configure)(void* instance, const char* config_json, char* error,
                                  size_t error_capacity);

    /* Does one unit of work: `input_json` in, a JSON document appended to `output`. Blocking;
     * called on a worker thread, possibly on several threads at once for one instance. */
    lodestone_status (*run)(void* instance, lodestone_run_context* context, const char* input_json,
                            size_t input_length, lodestone_output* output, char* error,
                            size_t error_capacity);

    void (*destroy)(void* instance);

    /* ABI 1.3: sizeof(lodestone_config_key) as the plugin was built, the distance between two
     * keys of config_keys. Absent from a 1.0-1.2 descriptor, whose keys end at description. */
    size_t config_key_size;
} lodestone_plugin_descriptor;

typedef const lodestone_plugin_descriptor* (*lodestone_plugin_entry_fn)(
    const lodestone_host_api* host, uint32_t host_abi_major, uint32_t host_abi_minor);

#ifdef __cplusplus
}
#endif

#endif /* LODESTONE_PLUGIN_ABI_H */
