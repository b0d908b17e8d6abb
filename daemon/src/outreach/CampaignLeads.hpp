#pragma once

#include <stdexcept>

#include "domain/Jobs.hpp"
#include "domain/Prospects.hpp"
#include "domain/Records.hpp"
#include "outreach/addlead/CampaignLead.hpp"
#include "storage/Repositories.hpp"

namespace lodestone::outreach {

// The campaign already has a prospect with that address: nothing was created.
class DuplicateProspect : public std::runtime_error {
  public:
    explicit DuplicateProspect(domain::Prospect existing);
    const domain::Prospect& existing() const { return existing_; }

  private:
    domain::Prospect existing_;
};

struct AddedProspect {
    domain::Prospect prospect;
    domain::Job job;  // its research and scoring
};

// Within the caller's transaction: stores the prospect, queued, and the job that researches and
// scores it. DuplicateProspect when the campaign has the address already (compared
// case-insensitively), so nobody is researched or emailed twice.
AddedProspect addProspect(storage::Repositories& repositories, const domain::Campaign& campaign,
                          const CampaignLead& lead, int maxRetries, domain::Timestamp now);

// `<public_url>/b/<bookingToken>`: the calendar link outreach sends the prospect.
std::string bookingUrl(const std::string& publicUrl, const domain::Prospect& prospect);

}  // namespace lodestone::outreach
