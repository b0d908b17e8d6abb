// The lease columns every table of leased work has: who holds an item, and until when.
#include <stdexcept>

#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

HeldLease toHeldLease(const Row& row) {
    return {row.text("id"), row.text("lease_owner"), row.integer("lease_expires_at")};
}

SqlLeases::Sql sqlFor(const std::string& table) {
    return {"UPDATE " + table + " SET lease_expires_at = ? WHERE id = ? AND lease_owner = ?",
            // Both read the table's partial index of leased rows (on lease_expires_at).
            "SELECT id, lease_owner, lease_expires_at FROM " + table +
                " WHERE lease_owner IS NOT NULL AND lease_expires_at <= ? "
                "ORDER BY lease_expires_at LIMIT ?",
            "SELECT id, lease_owner, lease_expires_at FROM " + table +
                " WHERE lease_owner = ? ORDER BY lease_expires_at",
            "SELECT DISTINCT lease_owner FROM " + table + " WHERE lease_owner IS NOT NULL"};
}

// Written once per table: every transaction makes its repositories afresh, and building these
// texts each time cost a status GET about 4 % of its instructions.
const SqlLeases::Sql& sqlOf(const std::string& table) {
    static const SqlLeases::Sql jobs = sqlFor("jobs");
    static const SqlLeases::Sql outbox = sqlFor("webhook_outbox");
    static const SqlLeases::Sql emailSends = sqlFor("email_sends");
    static const SqlLeases::Sql imports = sqlFor("lead_imports");
    if (table == "jobs") return jobs;
    if (table == "webhook_outbox") return outbox;
    if (table == "email_sends") return emailSends;
    if (table == "lead_imports") return imports;
    throw std::logic_error("no leases are kept in table " + table);
}

}  // namespace

SqlLeases::SqlLeases(Statements& statements, const std::string& table)
    : SqlRepository(statements), sql_(sqlOf(table)) {}

std::vector<std::string> SqlLeases::renew(const std::string& owner,
                                          const std::vector<std::string>& ids, Timestamp until) {
    std::vector<std::string> held;
    for (const auto& id : ids) {
        if (Query(statements_, sql_.renew).bindAll(until, id, owner).execute() > 0)
            held.push_back(id);
    }
    return held;
}

std::vector<HeldLease> SqlLeases::expired(Timestamp now, int limit) {
    Query select(statements_, sql_.expired);
    select.bindAll(now, limit);
    std::vector<HeldLease> leases;
    select.forEachRow([&](const Row& row) { leases.push_back(toHeldLease(row)); });
    return leases;
}

std::vector<HeldLease> SqlLeases::heldBy(const std::vector<std::string>& owners) {
    std::vector<HeldLease> leases;
    for (const auto& owner : owners) {
        Query select(statements_, sql_.heldBy);
        select.bind(owner);
        select.forEachRow([&](const Row& row) { leases.push_back(toHeldLease(row)); });
    }
    return leases;
}

std::vector<std::string> SqlLeases::owners() {
    Query select(statements_, sql_.owners);
    std::vector<std::string> owners;
    select.forEachRow([&](const Row& row) { owners.push_back(row.text("lease_owner")); });
    return owners;
}

}  // namespace lodestone::storage::sql
