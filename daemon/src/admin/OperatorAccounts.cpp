#include "admin/OperatorAccounts.hpp"

#include <Poco/String.h>

#include <stdexcept>

#include "admin/PasswordHash.hpp"
#include "domain/Email.hpp"
#include "domain/Ids.hpp"
#include "domain/Random.hpp"
#include "domain/Secrets.hpp"
#include "storage/AuditLogRepository.hpp"
#include "storage/OperatorRepository.hpp"
#include "storage/OperatorSessionRepository.hpp"
#include "storage/OrganisationRepository.hpp"
#include "storage/StorageError.hpp"

namespace lodestone::admin {
namespace {

constexpr std::size_t kLinkTokenLength = 40;

}  // namespace

void recordChange(storage::Repositories& repositories, const std::string& organisationId,
                  const std::string& actor, const std::string& action, const std::string& subject,
                  const std::string& detail, domain::Timestamp now) {
    repositories.auditLog().append({domain::newId(domain::IdKind::AuditEntry), organisationId,
                                    actor, action, subject, detail, now});
}

std::string setPasswordLink(const std::string& publicUrl, const std::string& setupToken) {
    return publicUrl + "/dashboard/set-password/" + setupToken;
}

OperatorWithLink OperatorAccounts::create(const std::string& organisationId,
                                          const std::string& email, domain::OperatorRole role) {
    if (!repositories_.organisations().find(organisationId)) {
        throw storage::NotFound("no organisation with id " + organisationId);
    }
    if (!domain::isValidEmail(email)) {
        throw std::invalid_argument("\"" + email + "\" is not an email address");
    }
    domain::Operator op;
    op.id = domain::newId(domain::IdKind::Operator);
    op.organisationId = organisationId;
    op.email = Poco::toLower(email);
    op.role = role;
    op.createdAt = now_;
    repositories_.operators().insert(op);
    audit(op, "operator.create",
          "Created operator " + op.email + " (" + std::string(domain::toString(role)) + ")");
    return {op, addLink(op)};
}

OperatorWithLink OperatorAccounts::newLink(const std::string& operatorId) {
    auto op = existing(operatorId);
    audit(op, "operator.password_link", "Made a new set-password link for " + op.email);
    return {op, addLink(op)};
}

std::vector<domain::Operator> OperatorAccounts::list(
    const std::optional<std::string>& organisationId) {
    return repositories_.operators().list(organisationId);
}

bool OperatorAccounts::disable(const std::string& operatorId) {
    auto op = existing(operatorId);
    if (!repositories_.operators().disable(op.id, now_)) return false;
    repositories_.operatorSessions().removeAllOf(op.id);
    audit(op, "operator.disable", "Disabled operator " + op.email);
    return true;
}

domain::Operator OperatorAccounts::setPassword(const std::string& setupToken,
                                               const std::string& password) {
    const auto tokenHash = domain::sha256Hex(setupToken);
    auto setup = repositories_.operators().findPasswordSetup(tokenHash, now_);
    if (!setup) throw storage::NotFound("This link is unknown, used or expired");
    auto op = existing(setup->operatorId);
    // A disabled operator's link is as dead as their sessions.
    if (op.disabledAt) throw storage::NotFound("This link is unknown, used or expired");
    checkNewPassword(password);
    repositories_.operators().takePasswordSetup(tokenHash, now_);
    op.passwordHash = hashPassword(password);
    repositories_.operators().setPassword(op.id, *op.passwordHash);
    repositories_.operatorSessions().removeAllOf(op.id);
    audit(op, "operator.set_password", op.email + " set a password");
    return op;
}

domain::Operator OperatorAccounts::existing(const std::string& operatorId) {
    auto op = repositories_.operators().find(operatorId);
    if (!op) throw storage::NotFound("no operator with id " + operatorId);
    return *op;
}

std::string OperatorAccounts::addLink(const domain::Operator& op) {
    std::string token = domain::randomAlphanumeric(kLinkTokenLength);
    repositories_.operators().addPasswordSetup(
        {domain::sha256Hex(token), op.id, now_ + kPasswordLinkLifetimeMs});
    return token;
}

void OperatorAccounts::audit(const domain::Operator& op, const std::string& action,
                             const std::string& detail) {
    recordChange(repositories_, op.organisationId, actor_, action, op.id, detail, now_);
}

}  // namespace lodestone::admin
