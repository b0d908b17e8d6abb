#include "support/TestDatabase.hpp"

#include <cstdlib>
#include <stdexcept>

#include "support/PostgresServer.hpp"

namespace lodestone::test {

bool TestDatabase::onPostgresql() {
    const char* choice = std::getenv("LODESTONE_TEST_STORAGE");
    if (choice == nullptr || *choice == '\0' || std::string(choice) == "sqlite") return false;
    if (std::string(choice) == "postgresql") return true;
    throw std::invalid_argument("LODESTONE_TEST_STORAGE: expected sqlite or postgresql, got \"" +
                                std::string(choice) + "\"");
}

TestDatabase TestDatabase::forTest(const std::filesystem::path& sqliteFile) {
    TestDatabase database;
    database.sqliteFile_ = sqliteFile;
    if (onPostgresql()) {
        auto& server = PostgresServer::shared();
        database.dsn_ = server.dsn(server.createDatabase());
    }
    return database;
}

TestDatabase TestDatabase::forSeveralDaemons() {
    TestDatabase database;
    auto& server = PostgresServer::shared();
    database.dsn_ = server.dsn(server.createDatabase());
    return database;
}

std::string TestDatabase::yaml() const {
    // Two lines either way, so a test's config file has the same line numbers on both.
    if (!postgresql()) return "  driver: sqlite\n  path: " + sqliteFile_.string() + "\n";
    return "  driver: postgresql\n  dsn: \"" + dsn_ + "\"\n";
}

storage::StoreOptions TestDatabase::options() const {
    storage::StoreOptions options;
    if (postgresql()) {
        options.driver = "postgresql";
        options.dsn = dsn_;
    } else {
        options.path = sqliteFile_;
    }
    options.poolSize = 2;
    return options;
}

DatabaseBackdoor TestDatabase::backdoor() const {
    return postgresql() ? DatabaseBackdoor::postgresql(dsn_) : DatabaseBackdoor(sqliteFile_);
}

}  // namespace lodestone::test
