/* A plugin built for a plugin ABI major version this host does not speak. */
#include "StubCallbacks.h"

static const lodestone_plugin_descriptor descriptor = {
    .abi_major = 99u,
    .abi_minor = 0u,
    .struct_size = sizeof(lodestone_plugin_descriptor),
    .name = "abi99",
    .kind = LODESTONE_PLUGIN_RESEARCH,
    .version = "99.0.0",
    .description = "Built for a future ABI.",
    .config_keys = NULL,
    .config_key_count = 0,
    .create = stub_create,
    .configure = stub_configure,
    .run = stub_run,
    .destroy = stub_destroy,
};

LODESTONE_PLUGIN_EXPORT const lodestone_plugin_descriptor* lodestone_plugin_entry(
    const lodestone_host_api* host, uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host;
    (void)host_abi_major;
    (void)host_abi_minor;
    return &descriptor;
}
