#include "storage/StorageError.hpp"
#include "storage/sqlite/Sql.hpp"
#include "storage/sqlite/SqliteRepositories.hpp"

namespace lodestone::storage::sqlite {
namespace {

const char* const kColumns = "id, name, credits, created_at, updated_at";

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

void SqliteOrganisations::insert(const domain::Organisation& organisation) {
    Poco::Data::Statement statement(session_);
    statement << "INSERT INTO organisations (" << kColumns << ") VALUES (?, ?, ?, ?, ?)",
        bind(organisation.id), bind(organisation.name), bind(organisation.credits),
        bind(organisation.createdAt), bind(organisation.updatedAt);
    try {
        statement.execute();
    } catch (const Poco::Exception& e) {
        if (!isConstraintViolation(e)) throw;
        throw Conflict("an organisation named \"" + organisation.name + "\" already exists");
    }
}

std::optional<domain::Organisation> SqliteOrganisations::find(const std::string& id) {
    Poco::Data::Statement statement(session_);
    statement << "SELECT " << kColumns << " FROM organisations WHERE id = ?", bind(id);
    return firstRow(statement, toOrganisation);
}

std::optional<domain::Organisation> SqliteOrganisations::findByName(const std::string& name) {
    Poco::Data::Statement statement(session_);
    statement << "SELECT " << kColumns << " FROM organisations WHERE name = ?", bind(name);
    return firstRow(statement, toOrganisation);
}

std::vector<domain::Organisation> SqliteOrganisations::list() {
    Poco::Data::Statement statement(session_);
    statement << "SELECT " << kColumns << " FROM organisations ORDER BY created_at, id";
    std::vector<domain::Organisation> out;
    forEachRow(statement, [&](const Row& row) { out.push_back(toOrganisation(row)); });
    return out;
}

std::int64_t SqliteOrganisations::changeCredits(const CreditChange& change) {
    Poco::Data::Statement update(session_);
    update << "UPDATE organisations SET credits = credits + ?, updated_at = ? "
              "WHERE id = ? AND credits + ? >= 0",
        bind(change.delta), bind(change.at), bind(change.organisationId), bind(change.delta);
    if (update.execute() == 0) {
        auto organisation = find(change.organisationId);
        if (!organisation) throw NotFound("no organisation with id " + change.organisationId);
        throw InsufficientCredits("organisation " + change.organisationId + " has " +
                                  std::to_string(organisation->credits) + " credits; taking " +
                                  std::to_string(-change.delta) + " would leave it below zero");
    }
    Poco::Data::Statement ledger(session_);
    ledger << "INSERT INTO credit_transactions (organisation_id, delta, reason, job_id, "
              "created_at) VALUES (?, ?, ?, ?, ?)",
        bind(change.organisationId), bind(change.delta),
        bind(std::string(reasonName(change.reason))), bind(nullable(change.jobId)), bind(change.at);
    ledger.execute();
    return find(change.organisationId)->credits;
}

}  // namespace lodestone::storage::sqlite
