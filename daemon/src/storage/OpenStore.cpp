#include <Poco/File.h>

#include <system_error>

#include "storage/Store.hpp"
#include "storage/postgres/PostgresStore.hpp"
#include "storage/sqlite/SqliteStore.hpp"

namespace lodestone::storage {

std::unique_ptr<Store> openStore(const StoreOptions& options) {
    if (options.driver == "postgresql") return std::make_unique<postgres::PostgresStore>(options);
    if (options.driver != "sqlite") {
        throw StorageError("unsupported storage driver \"" + options.driver + "\"");
    }
    std::error_code error;
    std::filesystem::create_directories(options.path.parent_path(), error);
    if (error) {
        throw StorageError("cannot create the folder for " + options.path.string() + ": " +
                           error.message());
    }
    return std::make_unique<sqlite::SqliteStore>(options);
}

}  // namespace lodestone::storage
