#pragma once

#include <chrono>
#include <filesystem>
#include <string>

namespace lodestone::storage {

// How to open the store, in storage's own terms: the config file's `storage:` section is turned
// into this by the programs that read it (admin::storeOptionsFrom), so storage never depends on
// how that file is read. The defaults are those of an empty `storage:` section.
struct StoreOptions {
    std::string driver = "sqlite";
    std::filesystem::path path;  // sqlite
    std::string dsn;             // postgresql: a libpq connection string
    // postgresql: a statement running longer is cancelled (and its transaction fails).
    std::chrono::milliseconds statementTimeout = std::chrono::seconds(30);
    // How long a call waits for the database (SQLite's lock, a pooled connection) before failing.
    std::chrono::milliseconds busyTimeout = std::chrono::seconds(5);
    int poolSize = 8;
    // SQLite's synchronous setting: "full" syncs every commit to disk (survives power loss);
    // "normal" syncs at checkpoints only (survives a process crash, not power loss), far faster.
    std::string synchronous = "full";
};

}  // namespace lodestone::storage
