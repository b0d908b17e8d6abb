#include "support/DaemonDatabase.hpp"

namespace lodestone::test {

storage::Store& DaemonDatabase::store() {
    if (!store_) {
        storage::StoreOptions config;
        config.path = file_;
        config.poolSize = 2;
        store_ = storage::openStore(config);
        store_->migrate();
    }
    return *store_;
}

Factory& DaemonDatabase::factory() {
    if (!factory_) factory_ = std::make_unique<Factory>(store());
    return *factory_;
}

}  // namespace lodestone::test
