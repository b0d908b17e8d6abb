/* Callbacks for the hand-written test descriptors, which are never meant to get as far as
 * running: the loader must refuse them first. */
#ifndef LODESTONE_TEST_STUB_CALLBACKS_H
#define LODESTONE_TEST_STUB_CALLBACKS_H

#include <lodestone/plugin_abi.h>

static inline void* stub_create(const lodestone_host_api* host, void* handle, char* error,
                                size_t capacity) {
    (void)host;
    (void)handle;
    (void)error;
    (void)capacity;
    return NULL;
}

static inline lodestone_status stub_configure(void* instance, const char* config, char* error,
                                              size_t capacity) {
    (void)instance;
    (void)config;
    (void)error;
    (void)capacity;
    return LODESTONE_ERROR_FAILED;
}

static inline lodestone_status stub_run(void* instance, lodestone_run_context* context,
                                        const char* input, size_t length, lodestone_output* output,
                                        char* error, size_t capacity) {
    (void)instance;
    (void)context;
    (void)input;
    (void)length;
    (void)output;
    (void)error;
    (void)capacity;
    return LODESTONE_ERROR_FAILED;
}

static inline void stub_destroy(void* instance) {
    (void)instance;
}

#endif /* LODESTONE_TEST_STUB_CALLBACKS_H */
