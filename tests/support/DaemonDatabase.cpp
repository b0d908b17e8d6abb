#include "support/DaemonDatabase.hpp"

namespace lodestone::test {

storage::Store& DaemonDatabase::store() {
    if (!store_) {
        store_ = storage::openStore(database_.options());
        store_->migrate(domain::SystemClock());
    }
    return *store_;
}

Factory& DaemonDatabase::factory() {
    if (!factory_) factory_ = std::make_unique<Factory>(store());
    return *factory_;
}

}  // namespace lodestone::test
