#include <Poco/File.h>

#include <system_error>

#include "storage/Store.hpp"
#include "storage/sqlite/SqliteStore.hpp"

namespace lodestone::storage {

std::unique_ptr<Store> openStore(const config::StorageConfig& config) {
    if (config.driver != "sqlite") {
        throw StorageError("unsupported storage driver \"" + config.driver + "\"");
    }
    std::error_code error;
    std::filesystem::create_directories(config.path.parent_path(), error);
    if (error) {
        throw StorageError("cannot create the folder for " + config.path.string() + ": " +
                           error.message());
    }
    return std::make_unique<sqlite::SqliteStore>(config);
}

}  // namespace lodestone::storage
