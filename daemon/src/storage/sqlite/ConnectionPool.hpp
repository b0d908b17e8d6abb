#pragma once

#include <Poco/Data/Session.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

#include "storage/BoundedPool.hpp"
#include "storage/sqlite/Prepared.hpp"
#include "storage/sqlite/WalCheckpointer.hpp"

namespace lodestone::storage::sqlite {

// One open connection: its Poco session and the statements compiled on it (declared after the
// session, so they are finalized before it closes).
struct Connection {
    std::unique_ptr<Poco::Data::Session> session;
    std::unique_ptr<PreparedStatements> statements;
};

// A bounded pool of SQLite connections to one file, each set up once when opened (WAL, foreign
// keys, busy timeout). Poco's SessionPool has no hook for per-connection set-up, hence this.
class ConnectionPool {
  public:
    // Each connection's commits report to `checkpointer` (which must outlive the pool), when
    // given; otherwise SQLite checkpoints inside the commits as by default.
    ConnectionPool(std::filesystem::path path, std::chrono::milliseconds busyTimeout, int maxSize,
                   std::string synchronous, WalCheckpointer* checkpointer = nullptr);

    // A borrowed connection, returned to the pool when the lease ends.
    class Lease {
      public:
        Lease(ConnectionPool& pool, std::unique_ptr<Connection> connection);
        ~Lease();
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        Poco::Data::Session& session() { return *connection_->session; }
        PreparedStatements& statements() { return *connection_->statements; }
        // The connection is in an unknown state (a rollback failed): close it instead of
        // returning it.
        void discard() { discard_ = true; }

      private:
        ConnectionPool& pool_;
        std::unique_ptr<Connection> connection_;
        bool discard_ = false;
    };

    Lease acquire();
    const std::filesystem::path& path() const { return path_; }

  private:
    std::unique_ptr<Connection> open();

    std::filesystem::path path_;
    std::chrono::milliseconds busyTimeout_;
    BoundedPool<Connection> connections_;
    std::string synchronous_;
    WalCheckpointer* checkpointer_;
};

}  // namespace lodestone::storage::sqlite
