/* A shared library that is not a Lodestone plugin: it exports a symbol, but not the entry. */
#include <lodestone/plugin_abi.h>

LODESTONE_PLUGIN_EXPORT int lodestone_plugin_entry_v0(void) {
    return 42;
}
