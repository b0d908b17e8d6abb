#pragma once

#include "storage/Store.hpp"
#include "support/PostgresServer.hpp"
#include "unit/storage/StoreBackend.hpp"

namespace lodestone::storage::test {

// A database of its own on the test program's PostgreSQL server, dropped when the test ends.
class PostgresDatabase final : public BackendDatabase {
  public:
    PostgresDatabase()
        : server_(lodestone::test::PostgresServer::shared()), name_(server_.createDatabase()) {
        options_.driver = "postgresql";
        options_.dsn = server_.dsn(name_);
        options_.poolSize = 4;
    }
    ~PostgresDatabase() override { server_.dropDatabase(name_); }

    std::unique_ptr<Store> open() override { return openStore(options_); }
    void execute(const std::string& statement) override { server_.execute(name_, statement); }
    std::int64_t count(const std::string& query) override { return server_.count(name_, query); }
    const StoreOptions& options() const { return options_; }
    const std::string& name() const { return name_; }

  private:
    lodestone::test::PostgresServer& server_;
    std::string name_;
    StoreOptions options_;
};

inline StoreBackend postgresBackend() {
    return {"postgresql",
            [](const lodestone::test::TempDir&) { return std::make_unique<PostgresDatabase>(); }};
}

}  // namespace lodestone::storage::test
