#pragma once

#include <Poco/JSON/Object.h>

#include <optional>
#include <string>

#include "domain/EmailSends.hpp"
#include "storage/Repositories.hpp"

// An organisation's suppression list as the API, lodestonectl and the dashboard change it
// (docs/lists.md): what an entry may be, adding one (which stops at once the sequences it
// covers) and lifting one (which resumes nothing).
namespace lodestone::outreach {

// An entry as typed: an address when it holds an '@', else a domain.
struct ListEntry {
    domain::SuppressionKind kind = domain::SuppressionKind::Address;
    std::string value;  // lowercased
};

// Why `text` is no address (or no domain), as the end of a sentence naming it; nothing when it
// is one. The rules of Add Lead's email and domain (domain/Email.hpp, domain/HostNames.hpp).
std::optional<std::string> listEntryProblem(domain::SuppressionKind kind, const std::string& text);

// `text` read as an entry of `kind`, lowercased; its problem when it is not one.
struct ReadEntry {
    std::optional<ListEntry> entry;
    std::string problem;
};
ReadEntry readListEntry(domain::SuppressionKind kind, const std::string& text);
// As readListEntry, the kind found from the text (an '@' makes an address).
ReadEntry readAnyListEntry(const std::string& text);

inline constexpr std::size_t kMaxNoteLength = 500;

struct ListAddition {
    std::string organisationId;
    ListEntry entry;
    std::optional<std::string> note;
    std::string addedBy;  // "api key key_...", "operator ada@...", "lodestonectl"
};

struct ListAdded {
    domain::Suppression suppression;  // the new entry, or the one already there
    bool added = false;               // false: the entry was already on the list
    int stoppedProspects = 0;         // sequences stopped at once (SequenceLifecycle::stopCovered)
};

// Adds the entry and stops the sequences it covers, in the caller's transaction.
ListAdded addToList(storage::Repositories& repositories, const ListAddition& addition,
                    domain::Timestamp now);

// Lifts the entry; false when the list had none. A stopped sequence stays stopped.
bool liftFromList(storage::Repositories& repositories, const std::string& organisationId,
                  const ListEntry& entry);

// An entry as the API shows it: kind, address (null once erased, or for a domain), domain,
// reason, addedBy, note, campaignId, prospectId, detail, createdAt.
Poco::JSON::Object::Ptr renderSuppression(const domain::Suppression& suppression);

}  // namespace lodestone::outreach
