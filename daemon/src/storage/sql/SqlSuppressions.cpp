// Addresses an organisation no longer emails, the mailbox messages already read, and the probe
// write of /readyz: the small tables of one row per thing.
#include "storage/StorageError.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {

bool SqlSuppressions::add(const domain::Suppression& suppression) {
    return Query(statements_,
                 "INSERT INTO suppressions (organisation_id, email_key, reason, prospect_id, "
                 "campaign_id, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                 "ON CONFLICT (organisation_id, email_key) DO NOTHING")
               .bindAll(suppression.organisationId, suppression.emailKey,
                        std::string(domain::toString(suppression.reason)), suppression.prospectId,
                        suppression.campaignId, suppression.detail, suppression.createdAt)
               .execute() > 0;
}

std::optional<domain::Suppression> SqlSuppressions::find(const std::string& organisationId,
                                                         const std::string& emailKey) {
    Query select(statements_,
                 "SELECT organisation_id, email_key, reason, prospect_id, campaign_id, detail, "
                 "created_at FROM suppressions WHERE organisation_id = ? AND email_key = ?");
    return select.bindAll(organisationId, emailKey).firstRow([](const Row& row) {
        domain::Suppression suppression;
        suppression.organisationId = row.text("organisation_id");
        suppression.emailKey = row.text("email_key");
        auto reason = domain::suppressionReasonFromString(row.text("reason"));
        if (!reason) throw StorageError("unexpected suppression reason: " + row.text("reason"));
        suppression.reason = *reason;
        suppression.prospectId = row.optionalText("prospect_id");
        suppression.campaignId = row.optionalText("campaign_id");
        suppression.detail = row.optionalText("detail");
        suppression.createdAt = row.integer("created_at");
        return suppression;
    });
}

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
