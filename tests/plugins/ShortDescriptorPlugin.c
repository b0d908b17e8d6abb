/* A descriptor whose struct_size stops before the callbacks every 1.0 plugin must have. */
#include "StubCallbacks.h"

static const lodestone_plugin_descriptor descriptor = {
    .abi_major = LODESTONE_ABI_MAJOR,
    .abi_minor = LODESTONE_ABI_MINOR,
    .struct_size = offsetof(lodestone_plugin_descriptor, create),
    .name = "short",
    .kind = LODESTONE_PLUGIN_RESEARCH,
    .version = "1.0.0",
    .description = "Claims to be shorter than ABI 1.0 allows.",
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
