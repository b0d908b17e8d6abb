#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include "domain/Clock.hpp"
#include "storage/Repositories.hpp"
#include "storage/StorageError.hpp"
#include "storage/StoreOptions.hpp"

namespace lodestone::storage {

// Hears announcements of new work until destroyed (Store::listenForWork).
class WorkListener {
  public:
    virtual ~WorkListener() = default;
};

// The database behind lodestoned and lodestonectl. Thread-safe: each call borrows its own
// connection. Use read() for queries and write() for changes. Everything one write() does is
// atomic: rolled back if the function throws, and committed, durably, before write() returns.
// Writes of several threads that arrive together may share one transaction (CommitGroup), each
// in a savepoint of its own, so a write's function must not depend on running in a transaction
// of its own, and a write that fails undoes only its own changes.
class Store {
  public:
    virtual ~Store() = default;

    // Applies pending numbered migrations in one transaction. Idempotent. Throws SchemaTooNew
    // for a database from a newer version.
    // `clock` dates each step in schema_migrations.
    virtual void migrate(const domain::Clock& clock) = 0;
    // The highest migration applied (0 for an empty database).
    virtual int schemaVersion() = 0;
    // The highest migration this build knows.
    virtual int latestSchemaVersion() const = 0;
    // Which database this is, for log lines and messages, never with a password.
    virtual std::string description() const = 0;

    // How this process's writes have been committed: with several writers at once, many share
    // one transaction (group commit), so `writes / transactions` is the mean batch.
    struct WriteStats {
        std::size_t writes = 0;
        std::size_t transactions = 0;
        std::size_t waiting = 0;  // writes queued for the next transaction now
    };
    virtual WriteStats writeStats() const = 0;

    // Tells the other lodestoned on this database that `queue` ("jobs", "webhooks") has new
    // work, so an idle one starts it now rather than at its next poll (PostgreSQL's NOTIFY).
    // SQLite has no other hosts: nothing. Never throws: a lost announcement costs a poll.
    virtual void announceWork(const std::string& queue) { (void)queue; }
    // Calls `heard` with the queue of each announcement by another process, on a thread of its
    // own, until the listener is destroyed; nullptr where there is nothing to hear (SQLite).
    virtual std::unique_ptr<WorkListener> listenForWork(
        std::function<void(const std::string& queue)> heard) {
        (void)heard;
        return nullptr;
    }

    template <typename F>
    auto read(F&& work) {
        return run(false, std::forward<F>(work));
    }
    template <typename F>
    auto write(F&& work) {
        return run(true, std::forward<F>(work));
    }

  protected:
    virtual void withRepositories(bool writing, const std::function<void(Repositories&)>& work) = 0;

  private:
    template <typename F>
    auto run(bool writing, F&& work) {
        using Result = std::invoke_result_t<F, Repositories&>;
        if constexpr (std::is_void_v<Result>) {
            withRepositories(writing, [&](Repositories& repos) { work(repos); });
        } else {
            std::optional<Result> result;
            withRepositories(writing, [&](Repositories& repos) { result.emplace(work(repos)); });
            return std::move(*result);
        }
    }
};

// Opens the store `options` name (creating the SQLite file and its folder if needed). Does not
// migrate.
std::unique_ptr<Store> openStore(const StoreOptions& options);

}  // namespace lodestone::storage
