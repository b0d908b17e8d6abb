// The lease columns every table of leased work has: who holds an item, and until when.
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

HeldLease toHeldLease(const Row& row) {
    return {row.text("id"), row.text("lease_owner"), row.integer("lease_expires_at")};
}

}  // namespace

SqlLeases::SqlLeases(Statements& statements, std::string table)
    : SqlRepository(statements),
      renew_("UPDATE " + table + " SET lease_expires_at = ? WHERE id = ? AND lease_owner = ?"),
      // Both read the table's partial index of leased rows (on lease_expires_at).
      expired_("SELECT id, lease_owner, lease_expires_at FROM " + table +
               " WHERE lease_owner IS NOT NULL AND lease_expires_at <= ? "
               "ORDER BY lease_expires_at LIMIT ?"),
      heldBy_("SELECT id, lease_owner, lease_expires_at FROM " + table +
              " WHERE lease_owner = ? ORDER BY lease_expires_at"),
      owners_("SELECT DISTINCT lease_owner FROM " + table + " WHERE lease_owner IS NOT NULL") {}

std::vector<std::string> SqlLeases::renew(const std::string& owner,
                                          const std::vector<std::string>& ids, Timestamp until) {
    std::vector<std::string> held;
    for (const auto& id : ids) {
        if (Query(statements_, renew_).bindAll(until, id, owner).execute() > 0) held.push_back(id);
    }
    return held;
}

std::vector<HeldLease> SqlLeases::expired(Timestamp now, int limit) {
    Query select(statements_, expired_);
    select.bindAll(now, limit);
    std::vector<HeldLease> leases;
    select.forEachRow([&](const Row& row) { leases.push_back(toHeldLease(row)); });
    return leases;
}

std::vector<HeldLease> SqlLeases::heldBy(const std::vector<std::string>& owners) {
    std::vector<HeldLease> leases;
    for (const auto& owner : owners) {
        Query select(statements_, heldBy_);
        select.bind(owner);
        select.forEachRow([&](const Row& row) { leases.push_back(toHeldLease(row)); });
    }
    return leases;
}

std::vector<std::string> SqlLeases::owners() {
    Query select(statements_, owners_);
    std::vector<std::string> owners;
    select.forEachRow([&](const Row& row) { owners.push_back(row.text("lease_owner")); });
    return owners;
}

}  // namespace lodestone::storage::sql
