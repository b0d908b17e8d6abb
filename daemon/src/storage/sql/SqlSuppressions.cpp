// The mailbox messages already read and the probe write of /readyz: the small tables of one row
// per thing.
#include "storage/StorageError.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {

bool SqlMailboxMemory::seen(const std::string& mailbox, const std::string& uid) {
    Query select(statements_,
                 "SELECT 1 AS found FROM mailbox_messages WHERE mailbox = ? AND uid = ?");
    return select.bindAll(mailbox, uid).next();
}

void SqlMailboxMemory::remember(const std::string& mailbox, const std::string& uid,
                                const std::string& outcome, Timestamp now) {
    Query(statements_,
          "INSERT INTO mailbox_messages (mailbox, uid, outcome, processed_at) VALUES (?, ?, ?, ?) "
          "ON CONFLICT (mailbox, uid) DO NOTHING")
        .bindAll(mailbox, uid, outcome, now)
        .execute();
}

void SqlStorageProbes::record(const std::string& host, Timestamp now) {
    Query(statements_,
          "INSERT INTO storage_probes (host, probed_at) VALUES (?, ?) "
          "ON CONFLICT (host) DO UPDATE SET probed_at = excluded.probed_at")
        .bindAll(host, now)
        .execute();
}

}  // namespace lodestone::storage::sql
