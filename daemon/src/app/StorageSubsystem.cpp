#include <Poco/Logger.h>

#include "admin/StoreSettings.hpp"
#include "app/Subsystems.hpp"

namespace lodestone::app {

void StorageSubsystem::initialize(Poco::Util::Application&) {
    store_ = storage::openStore(admin::storeOptionsFrom(config_.storage));
    int before = store_->schemaVersion();
    store_->migrate(clock_);
    auto& log = Poco::Logger::get("lodestone.storage");
    if (before != store_->latestSchemaVersion()) {
        log.information("%s migrated from schema version %d to %d", store_->description(), before,
                        store_->latestSchemaVersion());
    } else {
        log.information("%s at schema version %d", store_->description(), before);
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
