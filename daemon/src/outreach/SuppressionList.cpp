#include "outreach/SuppressionList.hpp"

#include <Poco/String.h>

#include "domain/Email.hpp"
#include "domain/HostNames.hpp"
#include "domain/Ids.hpp"
#include "domain/JsonValues.hpp"
#include "outreach/SequenceLifecycle.hpp"
#include "storage/SuppressionRepository.hpp"

namespace lodestone::outreach {

std::optional<std::string> listEntryProblem(domain::SuppressionKind kind, const std::string& text) {
    if (kind == domain::SuppressionKind::Address) return domain::emailProblem(text);
    return domain::hostNameProblem(text);
}

ReadEntry readListEntry(domain::SuppressionKind kind, const std::string& text) {
    const char* field = kind == domain::SuppressionKind::Address ? "address" : "domain";
    if (auto problem = listEntryProblem(kind, text)) {
        return {std::nullopt, std::string(field) + " " + *problem};
    }
    const std::string value = kind == domain::SuppressionKind::Address
                                  ? Poco::toLower(text)
                                  : domain::lowercaseHostName(text);
    return {ListEntry{kind, value}, ""};
}

ReadEntry readAnyListEntry(const std::string& text) {
    return readListEntry(text.find('@') != std::string::npos ? domain::SuppressionKind::Address
                                                             : domain::SuppressionKind::Domain,
                         text);
}

ListAdded addToList(storage::Repositories& repositories, const ListAddition& addition,
                    domain::Timestamp now) {
    domain::Suppression suppression;
    suppression.id = domain::newId(domain::IdKind::Suppression);
    suppression.organisationId = addition.organisationId;
    suppression.kind = addition.entry.kind;
    if (addition.entry.kind == domain::SuppressionKind::Domain) {
        suppression.domain = addition.entry.value;
    } else {
        suppression.address = addition.entry.value;
    }
    suppression.reason = domain::SuppressionReason::Added;
    suppression.addedBy = addition.addedBy;
    suppression.note = addition.note;
    suppression.createdAt = now;
    ListAdded outcome;
    outcome.added = repositories.suppressions().add(suppression);
    if (!outcome.added) {
        // The entry there already (for a domain, its own; an address's may be an erased one).
        auto& list = repositories.suppressions();
        auto existing = addition.entry.kind == domain::SuppressionKind::Domain
                            ? list.find(addition.organisationId, "@" + addition.entry.value)
                            : list.find(addition.organisationId, addition.entry.value);
        outcome.suppression = existing.value_or(suppression);
        return outcome;
    }
    outcome.suppression = suppression;
    outcome.stoppedProspects = stopCovered(repositories, suppression, now);
    return outcome;
}

bool liftFromList(storage::Repositories& repositories, const std::string& organisationId,
                  const ListEntry& entry) {
    if (entry.kind == domain::SuppressionKind::Domain) {
        return repositories.suppressions().removeDomain(organisationId, entry.value);
    }
    return repositories.suppressions().removeAddress(organisationId, entry.value);
}

Poco::JSON::Object::Ptr renderSuppression(const domain::Suppression& suppression) {
    auto out = domain::orderedObject();
    out->set("kind", std::string(domain::toString(suppression.kind)));
    out->set("address", domain::orNull(suppression.address));
    out->set("domain", domain::orNull(suppression.domain));
    out->set("reason", std::string(domain::toString(suppression.reason)));
    out->set("addedBy", domain::orNull(suppression.addedBy));
    out->set("note", domain::orNull(suppression.note));
    out->set("campaignId", domain::orNull(suppression.campaignId));
    out->set("prospectId", domain::orNull(suppression.prospectId));
    out->set("detail", domain::orNull(suppression.detail));
    out->set("createdAt", suppression.createdAt);
    return out;
}

}  // namespace lodestone::outreach
