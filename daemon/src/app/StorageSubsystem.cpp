#include <Poco/Logger.h>

#include "admin/StoreSettings.hpp"
#include "app/Subsystems.hpp"

namespace lodestone::app {

void StorageSubsystem::initialize(Poco::Util::Application&) {
    store_ = storage::openStore(admin::storeOptionsFrom(config_.storage));
    int before = store_->schemaVersion();
    store_->migrate();
    auto& log = Poco::Logger::get("lodestone.storage");
    if (before != store_->latestSchemaVersion()) {
        log.information("database %s migrated from schema version %d to %d",
                        config_.storage.path.string(), before, store_->latestSchemaVersion());
    } else {
        log.information("database %s at schema version %d", config_.storage.path.string(), before);
    }
}

void StorageSubsystem::uninitialize() {
    store_.reset();
}

storage::Store& StorageSubsystem::store() {
    if (!store_) throw std::logic_error("storage used before it was initialised");
    return *store_;
}

}  // namespace lodestone::app
