// Addresses and domains an organisation no longer emails (SuppressionRepository.hpp): an
// address is looked up by its keyed hash, never by its clear text, which erasure removes.
#include <Poco/DigestEngine.h>

#include "domain/Ids.hpp"
#include "domain/Random.hpp"
#include "domain/Secrets.hpp"
#include "storage/StorageError.hpp"
#include "storage/sql/Paging.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage {

std::string newSuppressionKey() {
    return Poco::DigestEngine::digestToHex(domain::secureRandomBytes(32));
}

namespace sql {
namespace {

const std::string kColumns =
    "id, organisation_id, kind, address, domain, reason, added_by, note, prospect_id, "
    "campaign_id, detail, created_at";

domain::Suppression toSuppression(const Row& row) {
    domain::Suppression suppression;
    suppression.id = row.text("id");
    suppression.organisationId = row.text("organisation_id");
    suppression.kind = row.text("kind") == "domain" ? domain::SuppressionKind::Domain
                                                    : domain::SuppressionKind::Address;
    suppression.address = row.optionalText("address");
    suppression.domain = row.optionalText("domain");
    auto reason = domain::suppressionReasonFromString(row.text("reason"));
    if (!reason) throw StorageError("unexpected suppression reason: " + row.text("reason"));
    suppression.reason = *reason;
    suppression.addedBy = row.optionalText("added_by");
    suppression.note = row.optionalText("note");
    suppression.prospectId = row.optionalText("prospect_id");
    suppression.campaignId = row.optionalText("campaign_id");
    suppression.detail = row.optionalText("detail");
    suppression.createdAt = row.integer("created_at");
    return suppression;
}

std::string hashOf(const std::string& key, const std::string& emailKey) {
    return Poco::DigestEngine::digestToHex(domain::hmacSha256(key, emailKey));
}

}  // namespace

std::optional<std::string> SqlSuppressions::keyOf(const std::string& organisationId) {
    Query select(statements_, "SELECT suppression_key FROM organisations WHERE id = ?");
    auto key = select.bind(organisationId).firstRow([](const Row& row) {
        return row.optionalText("suppression_key");
    });
    return key ? *key : std::nullopt;
}

std::string SqlSuppressions::hashFor(const std::string& organisationId,
                                     const std::string& emailKey) {
    auto key = keyOf(organisationId);
    if (!key) {
        throw StorageError("organisation " + organisationId + " has no suppression key");
    }
    return hashOf(*key, emailKey);
}

bool SqlSuppressions::add(const domain::Suppression& suppression) {
    const bool isDomain = suppression.kind == domain::SuppressionKind::Domain;
    std::optional<std::string> hash;
    if (!isDomain) hash = hashFor(suppression.organisationId, suppression.address.value_or(""));
    const std::string id =
        suppression.id.empty() ? domain::newId(domain::IdKind::Suppression) : suppression.id;
    // Either unique index (address hash or domain) makes a second entry a no-op.
    return Query(statements_,
                 "INSERT INTO suppressions (id, organisation_id, kind, address_hash, address, "
                 "domain, reason, added_by, note, prospect_id, campaign_id, detail, created_at) "
                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
               .bindAll(id, suppression.organisationId,
                        std::string(domain::toString(suppression.kind)), hash,
                        isDomain ? std::nullopt : suppression.address,
                        isDomain ? suppression.domain : std::nullopt,
                        std::string(domain::toString(suppression.reason)), suppression.addedBy,
                        suppression.note, suppression.prospectId, suppression.campaignId,
                        suppression.detail, suppression.createdAt)
               .execute() > 0;
}

std::optional<domain::Suppression> SqlSuppressions::find(const std::string& organisationId,
                                                         const std::string& emailKey) {
    auto key = keyOf(organisationId);
    if (!key) return std::nullopt;
    static const std::string byAddress = "SELECT " + kColumns +
                                         " FROM suppressions WHERE organisation_id = ? AND "
                                         "address_hash = ?";
    Query own(statements_, byAddress);
    if (auto found = own.bindAll(organisationId, hashOf(*key, emailKey)).firstRow(toSuppression)) {
        return found;
    }
    static const std::string byDomain =
        "SELECT " + kColumns + " FROM suppressions WHERE organisation_id = ? AND domain = ?";
    for (const auto& domain : domain::coveringDomains(emailKey)) {
        Query covering(statements_, byDomain);
        if (auto found = covering.bindAll(organisationId, domain).firstRow(toSuppression)) {
            return found;
        }
    }
    return std::nullopt;
}

std::vector<domain::Suppression> SqlSuppressions::page(const std::string& organisationId,
                                                       const PageRequest& page) {
    Conditions where;
    where.add("organisation_id = ?").startOf(page);
    Query select(statements_,
                 "SELECT " + kColumns + " FROM suppressions" + where.text() + kNewestFirst);
    select.bind(organisationId);
    bindPage(select, page);
    std::vector<domain::Suppression> entries;
    select.forEachRow([&](const Row& row) { entries.push_back(toSuppression(row)); });
    return entries;
}

bool SqlSuppressions::removeAddress(const std::string& organisationId,
                                    const std::string& emailKey) {
    auto key = keyOf(organisationId);
    if (!key) return false;
    // An erased person's entry stays whoever names the address: it is what keeps them from
    // being imported and emailed again.
    return Query(statements_,
                 "DELETE FROM suppressions WHERE organisation_id = ? AND address_hash = ? AND "
                 "reason <> 'erased'")
               .bindAll(organisationId, hashOf(*key, emailKey))
               .execute() > 0;
}

bool SqlSuppressions::removeDomain(const std::string& organisationId, const std::string& domain) {
    return Query(statements_, "DELETE FROM suppressions WHERE organisation_id = ? AND domain = ?")
               .bindAll(organisationId, domain)
               .execute() > 0;
}

void SqlSuppressions::keepOnlyHash(const std::string& organisationId, const std::string& emailKey,
                                   domain::Timestamp now) {
    const std::string hash = hashFor(organisationId, emailKey);
    const int kept =
        Query(statements_,
              "UPDATE suppressions SET reason = 'erased', address = NULL, note = NULL, "
              "detail = NULL, prospect_id = NULL, added_by = NULL "
              "WHERE organisation_id = ? AND address_hash = ?")
            .bindAll(organisationId, hash)
            .execute();
    if (kept > 0) return;
    Query(statements_,
          "INSERT INTO suppressions (id, organisation_id, kind, address_hash, reason, created_at) "
          "VALUES (?, ?, 'address', ?, 'erased', ?)")
        .bindAll(domain::newId(domain::IdKind::Suppression), organisationId, hash, now)
        .execute();
}

void SqlSuppressions::hashUnhashed() {
    std::vector<std::string> keyless;
    Query(statements_, "SELECT id FROM organisations WHERE suppression_key IS NULL")
        .forEachRow([&](const Row& row) { keyless.push_back(row.text("id")); });
    for (const auto& id : keyless) {
        Query(statements_, "UPDATE organisations SET suppression_key = ? WHERE id = ?")
            .bindAll(newSuppressionKey(), id)
            .execute();
    }
    struct Unhashed {
        std::string id, organisationId, address;
    };
    std::vector<Unhashed> unhashed;
    Query(statements_,
          "SELECT id, organisation_id, address FROM suppressions "
          "WHERE kind = 'address' AND address_hash IS NULL AND address IS NOT NULL")
        .forEachRow([&](const Row& row) {
            unhashed.push_back({row.text("id"), row.text("organisation_id"), row.text("address")});
        });
    for (const auto& entry : unhashed) {
        Query(statements_, "UPDATE suppressions SET address_hash = ? WHERE id = ?")
            .bindAll(hashFor(entry.organisationId, entry.address), entry.id)
            .execute();
    }
}

}  // namespace sql
}  // namespace lodestone::storage
