// research-basic's reading of the lead and the client's data (research/leadfacts), which
// research-web starts from: the person, and the company's industry and size given or inferred
// from the notes, the company name, the domain and the title. What the website says is read
// between the two halves, so that a fact read on the site (evidence "research") is never
// replaced by an inferred one, and an inferred one only fills what the site left open.
#pragma once

#include <Poco/JSON/Object.h>

#include <set>
#include <string>

#include "Classify.hpp"
#include "ResearchInput.hpp"
#include "ResearchReport.hpp"

namespace lodestone::research_web {

class LeadFacts {
  public:
    // Reads the lead as research-basic does; a lead it cannot read (an address it refuses) is a
    // warning, and the website is still read.
    LeadFacts(const ResearchInput& input, const LeadVocabulary& vocab);

    // Before the site: the person, the client's values (the lead's industry, its size as
    // given), the findings and warnings; not yet the inferred profile values and their findings.
    void reportGiven(ResearchReport& report) const;
    // After the site: the inferred values the site left open, each with its findings, and the
    // kinds of input research-basic read (after the pages in `sources`).
    void reportInferred(ResearchReport& report) const;

    // research-basic's top-level company key ("name", "industry", "sizeBand", "sizeCategory").
    std::optional<std::string> company(const std::string& key) const;

  private:
    bool heldBack(const Poco::JSON::Object& finding) const;

    Poco::JSON::Object::Ptr output_;  // null when the lead could not be read
    std::string problem_;
    std::set<std::string> inferredSources_;  // of the inferred profile values
};

}  // namespace lodestone::research_web
