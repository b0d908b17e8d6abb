/* The right ABI and size, but wrong in every other way the loader checks, so one load must
 * report all of the problems at once. */
#include "StubCallbacks.h"

static const lodestone_config_key keys[] = {
    {"dup", LODESTONE_CONFIG_STRING, NULL, 0, "Declared twice.", NULL, NULL},
    {"dup", LODESTONE_CONFIG_STRING, NULL, 0, "Declared twice.", NULL, NULL},
    {"count", LODESTONE_CONFIG_INTEGER, "ten", 0, "A default that is not an integer.", NULL, NULL},
    {"weird", (lodestone_config_type)42, NULL, 0, "A type the ABI does not define.", NULL, NULL},
    {NULL, LODESTONE_CONFIG_STRING, NULL, 0, "No name.", NULL, NULL},
    {"wait", LODESTONE_CONFIG_DURATION, "soon", 0, "A default that is not a duration.", NULL, NULL},
    {"low", LODESTONE_CONFIG_INTEGER, "5", 0, "A bound that is not an integer.", "one", NULL},
    {"name", LODESTONE_CONFIG_STRING, "", 0, "A range on a string.", "a", "z"},
    {"span", LODESTONE_CONFIG_DURATION, NULL, 0, "A minimum above the maximum.", "1m", "1s"},
    {"far", LODESTONE_CONFIG_NUMBER, "3", 0, "A default outside the range.", "0", "1"},
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
    .config_key_size = sizeof(lodestone_config_key),
};

LODESTONE_PLUGIN_EXPORT const lodestone_plugin_descriptor* lodestone_plugin_entry(
    const lodestone_host_api* host, uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host;
    (void)host_abi_major;
    (void)host_abi_minor;
    return &descriptor;
}
