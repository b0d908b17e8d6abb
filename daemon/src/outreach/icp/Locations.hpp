#pragma once

#include <set>
#include <string>
#include <vector>

#include "outreach/icp/IcpCriteria.hpp"

namespace lodestone::outreach::icp {

enum class PlaceFit { Match, Partial, Miss };

// A locations criterion resolved against a small table of common countries (names and codes:
// US/USA/United States, UK/GB/United Kingdom, DE/Germany, ...) and regions (Europe, North America,
// Latin America, Middle East, Africa, Asia Pacific, and groupings such as EMEA, APAC, Americas,
// DACH, Nordics, Benelux, ANZ). Names the table does not know are compared as text, ignoring case
// and punctuation.
class LocationTargets {
  public:
    explicit LocationTargets(const LocationCriterion& criterion);

    // A prospect's country: Match when it is a listed country or lies in a listed region.
    PlaceFit country(const std::string& name) const;
    // A prospect's region: Match when every country of it is targeted, Partial when some are.
    PlaceFit region(const std::string& name) const;
    // The countries named in free text such as a headquarters address ("Austin, TX, USA"):
    // full names in any case; codes only in capitals, and of the two-letter ones only US and UK,
    // since the rest read as state or province codes ("CA", "IN", "DE").
    std::vector<std::string> countriesIn(const std::string& text) const;

  private:
    std::set<std::string> countries_;  // canonical names of the targeted countries
    std::set<std::string> others_;     // keys of listed names the table does not know
    std::vector<std::string> otherNames_;
};

}  // namespace lodestone::outreach::icp
