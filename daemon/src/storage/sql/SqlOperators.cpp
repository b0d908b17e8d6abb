// Operators and their set-password links.
#include "storage/StorageError.hpp"
#include "storage/sql/SqlOperatorRepositories.hpp"

namespace lodestone::storage::sql {
namespace {

const std::string kColumns =
    "id, organisation_id, email, role, password_hash, created_at, disabled_at";

domain::Operator toOperator(const Row& row) {
    domain::Operator op;
    op.id = row.text("id");
    op.organisationId = row.text("organisation_id");
    op.email = row.text("email");
    auto role = domain::operatorRoleFromString(row.text("role"));
    if (!role) throw StorageError("unexpected operator role in the database: " + row.text("role"));
    op.role = *role;
    op.passwordHash = row.optionalText("password_hash");
    op.createdAt = row.integer("created_at");
    op.disabledAt = row.optionalInteger("disabled_at");
    return op;
}

}  // namespace

void SqlOperators::insert(const domain::Operator& op) {
    static const std::string sql =
        "INSERT INTO operators (" + kColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?)";
    try {
        Query(statements_, sql)
            .bindAll(op.id, op.organisationId, op.email, domain::toString(op.role), op.passwordHash,
                     op.createdAt, op.disabledAt)
            .execute();
    } catch (const ConstraintViolation&) {
        throw Conflict("an operator with email " + op.email + " already exists");
    }
}

std::optional<domain::Operator> SqlOperators::find(const std::string& id) {
    static const std::string sql = "SELECT " + kColumns + " FROM operators WHERE id = ?";
    return Query(statements_, sql).bind(id).firstRow(toOperator);
}

std::optional<domain::Operator> SqlOperators::findByEmail(const std::string& email) {
    static const std::string sql = "SELECT " + kColumns + " FROM operators WHERE email = ?";
    return Query(statements_, sql).bind(email).firstRow(toOperator);
}

std::vector<domain::Operator> SqlOperators::list(const std::optional<std::string>& organisationId) {
    static const std::string sql =
        "SELECT " + kColumns +
        " FROM operators WHERE (CAST(? AS TEXT) IS NULL OR organisation_id = ?) "
        "ORDER BY created_at, id";
    Query query(statements_, sql);
    query.bindAll(organisationId, organisationId);
    std::vector<domain::Operator> out;
    query.forEachRow([&](const Row& row) { out.push_back(toOperator(row)); });
    return out;
}

bool SqlOperators::setPassword(const std::string& id, const std::string& passwordHash) {
    return Query(statements_, "UPDATE operators SET password_hash = ? WHERE id = ?")
               .bindAll(passwordHash, id)
               .execute() == 1;
}

bool SqlOperators::disable(const std::string& id, domain::Timestamp now) {
    return Query(statements_,
                 "UPDATE operators SET disabled_at = ? WHERE id = ? AND disabled_at IS NULL")
               .bindAll(now, id)
               .execute() == 1;
}

void SqlOperators::addPasswordSetup(const domain::PasswordSetup& setup) {
    Query(statements_, "DELETE FROM operator_password_setups WHERE operator_id = ?")
        .bind(setup.operatorId)
        .execute();
    Query(statements_,
          "INSERT INTO operator_password_setups (token_hash, operator_id, expires_at) "
          "VALUES (?, ?, ?)")
        .bindAll(setup.tokenHash, setup.operatorId, setup.expiresAt)
        .execute();
}

std::optional<domain::PasswordSetup> SqlOperators::findPasswordSetup(const std::string& tokenHash,
                                                                     domain::Timestamp now) {
    return Query(statements_,
                 "SELECT token_hash, operator_id, expires_at FROM operator_password_setups "
                 "WHERE token_hash = ? AND expires_at > ?")
        .bindAll(tokenHash, now)
        .firstRow([](const Row& row) {
            return domain::PasswordSetup{row.text("token_hash"), row.text("operator_id"),
                                         row.integer("expires_at")};
        });
}

bool SqlOperators::takePasswordSetup(const std::string& tokenHash, domain::Timestamp now) {
    return Query(statements_,
                 "DELETE FROM operator_password_setups WHERE token_hash = ? AND expires_at > ?")
               .bindAll(tokenHash, now)
               .execute() == 1;
}

}  // namespace lodestone::storage::sql
