#pragma once

#include <optional>
#include <string>
#include <vector>

#include "domain/Prospects.hpp"
#include "storage/PageRequest.hpp"

namespace lodestone::storage {

using domain::Timestamp;

// Which of a campaign's prospects a listing shows.
struct ProspectFilter {
    std::string campaignId;
    std::optional<domain::ProspectStatus> status = std::nullopt;
    // Words every one of which is in the contact's name, the email or the company's name
    // (case-insensitive for ASCII).
    std::optional<std::string> text = std::nullopt;
    std::optional<int> minScore = std::nullopt;
};

// What outreach made of a prospect, beside its own record: a list export's last columns
// (docs/lists.md).
struct ProspectOutcome {
    std::optional<Timestamp> lastEmailAt;  // its latest email sent
    bool replied = false;                  // it has ever been marked replied
    // Its latest meeting not cancelled, as its calendar gave the time.
    std::optional<std::string> meetingAt;
};

struct ExportedProspect {
    domain::Prospect prospect;
    ProspectOutcome outcome;
};

// Prospects: leads added to campaigns, and their history.
class ProspectRepository {
  public:
    virtual ~ProspectRepository() = default;
    // Conflict: the campaign already has a prospect with that email key.
    virtual void insert(const domain::Prospect& prospect) = 0;
    virtual std::optional<domain::Prospect> find(const std::string& id) = 0;
    virtual std::optional<domain::Prospect> findByEmail(const std::string& campaignId,
                                                        const std::string& emailKey) = 0;
    // The organisation's prospects, in every campaign, whose lowercased address is `emailKey`,
    // or (`domain` given instead) whose address is at that domain or one of its subdomains.
    virtual std::vector<domain::Prospect> withAddress(const std::string& organisationId,
                                                      const std::string& emailKey) = 0;
    virtual std::vector<domain::Prospect> atDomain(const std::string& organisationId,
                                                   const std::string& domain) = 0;
    virtual std::optional<domain::Prospect> findByBookingToken(const std::string& token) = 0;
    virtual std::optional<domain::Prospect> findByUnsubscribeToken(const std::string& token) = 0;
    // A page of a campaign's prospects, newest first.
    virtual std::vector<domain::Prospect> page(const ProspectFilter& filter,
                                               const PageRequest& page) = 0;
    // The same page with each prospect's outcome, read in the same statement, for an export.
    virtual std::vector<ExportedProspect> exportPage(const ProspectFilter& filter,
                                                     const PageRequest& page) = 0;
    // Every key of customData among the prospects the filter takes, sorted: an export's custom
    // columns. Read in the database, which hands back only the keys.
    virtual std::vector<std::string> customDataKeys(const ProspectFilter& filter) = 0;
    // Moves the prospect to `to` if its status is one of `from`, and records the transition
    // (moving to failed also stores `detail` as its error; moving on clears it). False if the
    // guard did not hold.
    virtual bool transition(const std::string& id, const std::vector<domain::ProspectStatus>& from,
                            domain::ProspectStatus to, Timestamp now,
                            const std::optional<std::string>& detail = std::nullopt) = 0;
    virtual void setScore(const std::string& id, int score, const std::string& scoreJson,
                          Timestamp now) = 0;
    // Oldest first.
    virtual std::vector<domain::ProspectTransition> history(const std::string& id) = 0;
};

}  // namespace lodestone::storage
