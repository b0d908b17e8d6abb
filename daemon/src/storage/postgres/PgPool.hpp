#pragma once

#include <libpq-fe.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "storage/BoundedPool.hpp"
#include "storage/postgres/PgStatements.hpp"

namespace lodestone::storage::postgres {

// One open connection and the statements prepared on it (declared after it, so that they are
// dropped before it closes).
struct PgConnection {
    explicit PgConnection(PGconn* connection) : raw(connection) { statements.emplace(raw); }
    ~PgConnection() {
        statements.reset();
        PQfinish(raw);
    }
    PGconn* raw;
    std::optional<PgStatements> statements;
};

// A bounded pool of connections to one database. A caller waits up to `busyTimeout` for one to
// be free; each is opened with the session's statement_timeout.
class PgPool {
  public:
    PgPool(std::string dsn, std::chrono::milliseconds busyTimeout, int maxSize,
           std::chrono::milliseconds statementTimeout);

    class Lease {
      public:
        Lease(PgPool& pool, std::unique_ptr<PgConnection> connection);
        ~Lease();
        Lease(Lease&& other) noexcept;
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        PGconn* raw() { return connection_->raw; }
        PgStatements& statements() { return *connection_->statements; }
        // The connection is broken or in an unknown state: close it instead of returning it.
        void discard() { discard_ = true; }

      private:
        PgPool* pool_;
        std::unique_ptr<PgConnection> connection_;
        bool discard_ = false;
    };

    Lease acquire();
    // The database, for messages: host, port and name, never the password.
    const std::string& name() const { return name_; }

  private:
    std::unique_ptr<PgConnection> open();

    std::string dsn_;
    std::string name_;
    BoundedPool<PgConnection> connections_;
    std::chrono::milliseconds busyTimeout_;
    std::chrono::milliseconds statementTimeout_;
};

// Runs a command that returns nothing (BEGIN, COMMIT, SET ...) on `connection`; throws as a
// statement would.
void command(PGconn* connection, const char* sql);

}  // namespace lodestone::storage::postgres
