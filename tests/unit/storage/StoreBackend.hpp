#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>

#include "storage/Store.hpp"
#include "support/TempDir.hpp"

namespace lodestone::storage::test {

// One fresh, empty database of a backend, for one test.
class BackendDatabase {
  public:
    virtual ~BackendDatabase() = default;

    // A store on this database, not migrated. Each call opens another, as a second process
    // would.
    virtual std::unique_ptr<Store> open() = 0;

    // SQL on the backend's own connection, outside the repositories: for rows no repository
    // writes yet (a later engine will) and for what only the schema refuses. The storage suite
    // runs on every backend, so keep to SQL they all speak.
    virtual void execute(const std::string& statement) = 0;
    // The single integer a query such as "SELECT COUNT(*) FROM ..." returns.
    virtual std::int64_t count(const std::string& query) = 0;
};

// A backend the storage suite runs on: its name (in test names) and how to make a database of
// it. `create` may keep files in the test's folder.
struct StoreBackend {
    std::string name;
    std::function<std::unique_ptr<BackendDatabase>(const lodestone::test::TempDir& dir)> create;
};

// Names the backend in GoogleTest's messages, instead of the bytes of the struct.
inline void PrintTo(const StoreBackend& backend, std::ostream* out) {
    *out << backend.name;
}

}  // namespace lodestone::storage::test
