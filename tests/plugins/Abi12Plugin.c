/* A plugin built against plugin ABI 1.2's header, before config keys had a range: its keys end
 * at the description and its descriptor at destroy, so the host must step through the table
 * by 1.2's key size and read no bounds. Its output is the config it was given. */
#include <lodestone/plugin_abi.h>
#include <string.h>

typedef struct config_key_1_2 {
    const char* name;
    lodestone_config_type type;
    const char* default_value;
    int required;
    const char* description;
} config_key_1_2;

static const config_key_1_2 keys[] = {
    {"count", LODESTONE_CONFIG_INTEGER, "7", 0, "Any integer."},
    {"wait", LODESTONE_CONFIG_DURATION, "5s", 0, "Any duration."},
};

static char config[512];

static void* create(const lodestone_host_api* host, void* handle, char* error, size_t capacity) {
    (void)host;
    (void)handle;
    (void)error;
    (void)capacity;
    return config;
}

static lodestone_status configure(void* instance, const char* json, char* error, size_t capacity) {
    (void)error;
    (void)capacity;
    strncpy(instance, json, sizeof config - 1);
    return LODESTONE_OK;
}

static lodestone_status run(void* instance, lodestone_run_context* context, const char* input,
                            size_t length, lodestone_output* output, char* error, size_t capacity) {
    (void)context;
    (void)input;
    (void)length;
    (void)error;
    (void)capacity;
    output->append(output, instance, strlen(instance));
    return LODESTONE_OK;
}

static void destroy(void* instance) {
    (void)instance;
}

static const lodestone_plugin_descriptor descriptor = {
    .abi_major = 1u,
    .abi_minor = 2u,
    .struct_size = offsetof(lodestone_plugin_descriptor, config_key_size),
    .name = "abi12",
    .kind = LODESTONE_PLUGIN_RESEARCH,
    .version = "1.2.0",
    .description = "Built for plugin ABI 1.2.",
    .config_keys = (const lodestone_config_key*)keys,
    .config_key_count = sizeof(keys) / sizeof(keys[0]),
    .create = create,
    .configure = configure,
    .run = run,
    .destroy = destroy,
};

LODESTONE_PLUGIN_EXPORT const lodestone_plugin_descriptor* lodestone_plugin_entry(
    const lodestone_host_api* host, uint32_t host_abi_major, uint32_t host_abi_minor) {
    (void)host;
    (void)host_abi_major;
    (void)host_abi_minor;
    return &descriptor;
}
