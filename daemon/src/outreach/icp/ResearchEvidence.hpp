#pragma once

#include <Poco/JSON/Object.h>

#include <string>

#include "outreach/icp/ProspectProfile.hpp"

namespace lodestone::outreach {

// A research output's `evidence` map (docs/plugins.md): per profile value, by its path
// ("company.industry", "company.signals.hiringSignals.openRoles"), whether the client sent it,
// research read it or research inferred it, and from where.
class ResearchEvidence {
  public:
    // `evidence` may be null: research that says nothing of its evidence.
    explicit ResearchEvidence(const Poco::JSON::Object* evidence) : evidence_(evidence) {}

    // The entry for the value at `path`; for a fact made of several values (the hiring signals)
    // the first entry under it, else the nearest entry above it. A value without an entry counts
    // as researched, its source `research: <location>`, where `location` is where it was read in
    // the output ("profile.company.industry", "company.sizeBand"). An entry with an unknown
    // evidence word counts as research; one without a source takes the location too.
    FactSource of(const std::string& path, const std::string& location) const;

  private:
    const Poco::JSON::Object* evidence_;
};

}  // namespace lodestone::outreach
