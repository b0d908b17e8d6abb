#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "domain/Clock.hpp"
#include "storage/StoreOptions.hpp"

namespace lodestone::storage {

struct TransferReport {
    struct Table {
        std::string name;
        std::int64_t rows = 0;
    };
    std::vector<Table> tables;  // in the order they were copied
    int schemaVersion = 0;
};

// Copies a single-host installation's SQLite database into an empty PostgreSQL database, for a
// move to several hosts (lodestonectl migrate-storage). Both are first brought to this build's
// schema (the SQLite file as lodestoned's start would; PostgreSQL's is created), then every
// table's rows are copied, parents before children, in one PostgreSQL transaction with COPY:
// the target has all of them or, on any error, none. A target that holds any row is refused.
// Stop lodestoned first: writes made to the SQLite file during the copy are not in the target.
TransferReport copySqliteToPostgresql(const StoreOptions& from, const StoreOptions& to,
                                      const domain::Clock& clock);

}  // namespace lodestone::storage
