/* The right ABI and size, but wrong in every other way the loader checks, so one load must
 * report all of the problems at once. */
#include "StubCallbacks.h"

static const lodestone_config_key keys[] = {
    {"dup", LODESTONE_CONFIG_STRING, NULL, 0, "Declared twice."},
    {"dup", LODESTONE_CONFIG_STRING, NULL, 0, "Declared twice."},
    {"count", LODESTONE_CONFIG_INTEGER, "ten", 0, "A default that is not an integer."},
    {"weird", (lodestone_config_type)42, NULL, 0, "A type the ABI does not define."},
    {NULL, LODESTONE_CONFIG_STRING, NULL, 0, "No name."},
    {"wait", LODESTONE_CONFIG_DURATION, "soon", 0, "A default that is not a duration."},
};

static const lodestone_plugin_descriptor descriptor = {
    .abi_major = LODESTONE_ABI_MAJOR,
    .abi_minor = LODESTONE_ABI_MINOR,
    .struct_size = sizeof(lodestone_plugin_descriptor),
    .name = "broken",
    .kind = (lodestone_plugin_kind)9,
    .version = "1.0.0",
    .description = "Wrong in every checked way.",
    .config_keys = keys,
    .config_key_count = sizeof(keys) / sizeof(keys[0]),
    .create = stub_create,
    .configure = stub_configure,
    .run = NULL,
    .destroy = stub_destroy,
};

LODESTONE_PLUGIN_EXPORT const lodestone_plugin_descriptor* lodestone_plugin_entry(
    const lodestone_host_api* host, uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host;
    (void)host_abi_major;
    (void)host_abi_minor;
    return &descriptor;
}
