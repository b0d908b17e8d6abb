#include "admin/StoreSettings.hpp"

namespace lodestone::admin {

storage::StoreOptions storeOptionsFrom(const config::StorageConfig& config) {
    storage::StoreOptions options;
    options.driver = config.driver;
    options.path = config.path;
    options.dsn = config.dsn;
    options.statementTimeout = config.statementTimeout;
    options.busyTimeout = config.busyTimeout;
    options.poolSize = config.poolSize;
    options.synchronous = config.synchronous;
    return options;
}

}  // namespace lodestone::admin
