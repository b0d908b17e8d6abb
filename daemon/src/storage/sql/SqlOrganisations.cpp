#include "storage/StorageError.hpp"
#include "storage/SuppressionRepository.hpp"
#include "storage/sql/SqlRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

const std::string kColumns = "id, name, credits, created_at, updated_at";

domain::Organisation toOrganisation(const Row& row) {
    return domain::Organisation{row.text("id"), row.text("name"), row.integer("credits"),
                                row.integer("created_at"), row.integer("updated_at")};
}

std::string_view reasonName(CreditReason reason) {
    switch (reason) {
        case CreditReason::Grant:
            return "grant";
        case CreditReason::Adjustment:
            return "adjustment";
        case CreditReason::Generation:
            return "generation";
        case CreditReason::Refund:
            return "refund";
    }
    return "adjustment";
}

}  // namespace

void SqlOrganisations::insert(const domain::Organisation& organisation) {
    static const std::string sql =
        "INSERT INTO organisations (" + kColumns + ", suppression_key) VALUES (?, ?, ?, ?, ?, ?)";
    try {
        Query(statements_, sql)
            .bindAll(organisation.id, organisation.name, organisation.credits,
                     organisation.createdAt, organisation.updatedAt, newSuppressionKey())
            .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("an organisation named \"" + organisation.name + "\" already exists");
    }
}

std::optional<domain::Organisation> SqlOrganisations::find(const std::string& id) {
    static const std::string sql = "SELECT " + kColumns + " FROM organisations WHERE id = ?";
    Query query(statements_, sql);
    return query.bind(id).firstRow(toOrganisation);
}

std::optional<domain::Organisation> SqlOrganisations::findByName(const std::string& name) {
    static const std::string sql = "SELECT " + kColumns + " FROM organisations WHERE name = ?";
    Query query(statements_, sql);
    return query.bind(name).firstRow(toOrganisation);
}

std::vector<domain::Organisation> SqlOrganisations::list() {
    static const std::string sql =
        "SELECT " + kColumns + " FROM organisations ORDER BY created_at, id";
    Query query(statements_, sql);
    std::vector<domain::Organisation> out;
    query.forEachRow([&](const Row& row) { out.push_back(toOrganisation(row)); });
    return out;
}

std::int64_t SqlOrganisations::changeCredits(const CreditChange& change) {
    int changed = Query(statements_,
                        "UPDATE organisations SET credits = credits + ?, updated_at = ? "
                        "WHERE id = ? AND credits + ? >= 0")
                      .bindAll(change.delta, change.at, change.organisationId, change.delta)
                      .execute();
    if (changed == 0) {
        auto organisation = find(change.organisationId);
        if (!organisation) throw NotFound("no organisation with id " + change.organisationId);
        throw InsufficientCredits("organisation " + change.organisationId + " has " +
                                  std::to_string(organisation->credits) + " credits; taking " +
                                  std::to_string(-change.delta) + " would leave it below zero");
    }
    Query(statements_,
          "INSERT INTO credit_transactions (organisation_id, delta, reason, job_id, "
          "created_at) VALUES (?, ?, ?, ?, ?)")
        .bindAll(change.organisationId, change.delta, reasonName(change.reason), change.jobId,
                 change.at)
        .execute();
    return find(change.organisationId)->credits;
}

}  // namespace lodestone::storage::sql
