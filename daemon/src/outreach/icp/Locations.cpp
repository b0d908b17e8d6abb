#include "outreach/icp/Locations.hpp"

#include <Poco/String.h>

#include <algorithm>
#include <cctype>
#include <optional>

#include "domain/Text.hpp"
#include "outreach/icp/Text.hpp"

namespace lodestone::outreach::icp {
namespace {

struct Country {
    std::string name;
    std::string region;
    std::vector<std::string> names;  // lowercase, as placeKey() reads them
    std::vector<std::string> codes;  // uppercase
};

// Common enough in B2B lists to be worth knowing; anything else still matches by its name.
const std::vector<Country>& countries() {
    static const std::vector<Country> kCountries{
        {"United States",
         "north america",
         {"united states", "united states of america"},
         {"US", "USA"}},
        {"Canada", "north america", {"canada"}, {"CA", "CAN"}},
        {"Mexico", "latin america", {"mexico"}, {"MX", "MEX"}},
        {"Brazil", "latin america", {"brazil", "brasil"}, {"BR", "BRA"}},
        {"Argentina", "latin america", {"argentina"}, {"AR", "ARG"}},
        {"Chile", "latin america", {"chile"}, {"CL", "CHL"}},
        {"Colombia", "latin america", {"colombia"}, {"CO", "COL"}},
        {"United Kingdom",
         "europe",
         {"united kingdom", "great britain", "britain", "england", "scotland", "wales",
          "northern ireland"},
         {"UK", "GB", "GBR"}},
        {"Ireland", "europe", {"ireland"}, {"IE", "IRL"}},
        {"Germany", "europe", {"germany", "deutschland"}, {"DE", "DEU"}},
        {"France", "europe", {"france"}, {"FR", "FRA"}},
        {"Spain", "europe", {"spain", "espana"}, {"ES", "ESP"}},
        {"Portugal", "europe", {"portugal"}, {"PT", "PRT"}},
        {"Italy", "europe", {"italy", "italia"}, {"IT", "ITA"}},
        {"Netherlands", "europe", {"netherlands", "the netherlands", "holland"}, {"NL", "NLD"}},
        {"Belgium", "europe", {"belgium"}, {"BE", "BEL"}},
        {"Luxembourg", "europe", {"luxembourg"}, {"LU", "LUX"}},
        {"Switzerland", "europe", {"switzerland"}, {"CH", "CHE"}},
        {"Austria", "europe", {"austria"}, {"AT", "AUT"}},
        {"Sweden", "europe", {"sweden"}, {"SE", "SWE"}},
        {"Norway", "europe", {"norway"}, {"NO", "NOR"}},
        {"Denmark", "europe", {"denmark"}, {"DK", "DNK"}},
        {"Finland", "europe", {"finland"}, {"FI", "FIN"}},
        {"Iceland", "europe", {"iceland"}, {"IS", "ISL"}},
        {"Poland", "europe", {"poland"}, {"PL", "POL"}},
        {"Czech Republic", "europe", {"czech republic", "czechia"}, {"CZ", "CZE"}},
        {"Israel", "middle east", {"israel"}, {"IL", "ISR"}},
        {"United Arab Emirates",
         "middle east",
         {"united arab emirates", "emirates"},
         {"AE", "UAE"}},
        {"Saudi Arabia", "middle east", {"saudi arabia"}, {"SA", "SAU"}},
        {"South Africa", "africa", {"south africa"}, {"ZA", "ZAF"}},
        {"Nigeria", "africa", {"nigeria"}, {"NG", "NGA"}},
        {"Kenya", "africa", {"kenya"}, {"KE", "KEN"}},
        {"Egypt", "africa", {"egypt"}, {"EG", "EGY"}},
        {"India", "asia pacific", {"india"}, {"IN", "IND"}},
        {"China", "asia pacific", {"china"}, {"CN", "CHN"}},
        {"Japan", "asia pacific", {"japan"}, {"JP", "JPN"}},
        {"South Korea", "asia pacific", {"south korea", "korea"}, {"KR", "KOR"}},
        {"Singapore", "asia pacific", {"singapore"}, {"SG", "SGP"}},
        {"Hong Kong", "asia pacific", {"hong kong"}, {"HK", "HKG"}},
        {"Australia", "asia pacific", {"australia"}, {"AU", "AUS"}},
        {"New Zealand", "asia pacific", {"new zealand"}, {"NZ", "NZL"}},
    };
    return kCountries;
}

struct Region {
    std::vector<std::string> names;    // as placeKey() reads them
    std::vector<std::string> regions;  // the countries of these table regions...
    std::vector<std::string> members;  // ...and these countries
};

const std::vector<Region>& regions() {
    static const std::vector<Region> kRegions{
        {{"europe"}, {"europe"}, {}},
        {{"north america"}, {"north america"}, {}},
        {{"latin america", "latam", "south america", "central america"}, {"latin america"}, {}},
        {{"middle east"}, {"middle east"}, {}},
        {{"africa"}, {"africa"}, {}},
        {{"asia pacific", "apac", "asia", "asia pac"}, {"asia pacific"}, {}},
        {{"emea"}, {"europe", "middle east", "africa"}, {}},
        {{"americas", "amer", "amers"}, {"north america", "latin america"}, {}},
        {{"mena"}, {"middle east", "africa"}, {}},
        {{"dach"}, {}, {"Germany", "Austria", "Switzerland"}},
        {{"nordics", "nordic", "scandinavia"},
         {},
         {"Sweden", "Norway", "Denmark", "Finland", "Iceland"}},
        {{"benelux"}, {}, {"Belgium", "Netherlands", "Luxembourg"}},
        {{"anz"}, {}, {"Australia", "New Zealand"}},
    };
    return kRegions;
}

// Lowercase words joined by one space, dots dropped so "U.S.A." reads "usa".
std::string placeKey(std::string text) {
    text.erase(std::remove(text.begin(), text.end(), '.'), text.end());
    return domain::joined(wordsOf(text), " ");
}

const Country* findCountry(const std::string& key) {
    for (const auto& country : countries()) {
        if (std::find(country.names.begin(), country.names.end(), key) != country.names.end()) {
            return &country;
        }
        for (const auto& code : country.codes) {
            if (Poco::toLower(code) == key) return &country;
        }
    }
    return nullptr;
}

// The countries of a region the table knows, by canonical name.
std::optional<std::set<std::string>> findRegion(const std::string& key) {
    for (const auto& region : regions()) {
        if (std::find(region.names.begin(), region.names.end(), key) == region.names.end()) {
            continue;
        }
        std::set<std::string> members(region.members.begin(), region.members.end());
        for (const auto& country : countries()) {
            if (std::find(region.regions.begin(), region.regions.end(), country.region) !=
                region.regions.end()) {
                members.insert(country.name);
            }
        }
        return members;
    }
    return std::nullopt;
}

bool hasCodeWord(const std::string& text, const std::string& code) {
    std::size_t at = 0;
    auto isWordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
    while ((at = text.find(code, at)) != std::string::npos) {
        bool startsWord = at == 0 || !isWordChar(text[at - 1]);
        std::size_t end = at + code.size();
        bool endsWord = end == text.size() || !isWordChar(text[end]);
        if (startsWord && endsWord) return true;
        at = end;
    }
    return false;
}

}  // namespace

LocationTargets::LocationTargets(const LocationCriterion& criterion) {
    // Either list may name either kind: "Europe" under countries still means Europe.
    auto target = [this](const std::string& name) {
        std::string key = placeKey(name);
        if (const Country* country = findCountry(key)) {
            countries_.insert(country->name);
        } else if (auto members = findRegion(key)) {
            countries_.insert(members->begin(), members->end());
        } else {
            others_.insert(key);
            otherNames_.push_back(name);
        }
    };
    for (const auto& name : criterion.countries) target(name);
    for (const auto& name : criterion.regions) target(name);
}

PlaceFit LocationTargets::country(const std::string& name) const {
    std::string key = placeKey(name);
    if (const Country* known = findCountry(key)) {
        return countries_.contains(known->name) ? PlaceFit::Match : PlaceFit::Miss;
    }
    return others_.contains(key) ? PlaceFit::Match : PlaceFit::Miss;
}

PlaceFit LocationTargets::region(const std::string& name) const {
    std::string key = placeKey(name);
    auto members = findRegion(key);
    if (!members) return others_.contains(key) ? PlaceFit::Match : PlaceFit::Miss;
    auto targeted = std::count_if(members->begin(), members->end(),
                                  [this](const std::string& c) { return countries_.contains(c); });
    if (targeted == static_cast<std::ptrdiff_t>(members->size())) return PlaceFit::Match;
    return targeted > 0 ? PlaceFit::Partial : PlaceFit::Miss;
}

std::vector<std::string> LocationTargets::countriesIn(const std::string& text) const {
    // Longest names first, each taking its words out of the text, so that "Northern Ireland" is
    // not also read as Ireland; states named after countries are taken out before any.
    std::vector<std::pair<std::string, std::string>> phrases{
        {"new mexico", ""}, {"new south wales", ""}, {"new england", ""}};
    for (const auto& country : countries()) {
        for (const auto& name : country.names) phrases.emplace_back(name, country.name);
    }
    for (const auto& name : otherNames_) phrases.emplace_back(placeKey(name), name);
    std::stable_sort(phrases.begin(), phrases.end(), [](const auto& a, const auto& b) {
        return wordsOf(a.first).size() > wordsOf(b.first).size();
    });
    std::string cleaned = text;
    cleaned.erase(std::remove(cleaned.begin(), cleaned.end(), '.'), cleaned.end());
    auto words = wordsOf(cleaned);
    std::vector<std::string> found;
    auto note = [&found](const std::string& name) {
        if (!name.empty() && std::find(found.begin(), found.end(), name) == found.end()) {
            found.push_back(name);
        }
    };
    for (const auto& [phrase, country] : phrases) {
        auto needle = wordsOf(phrase);
        auto at = std::search(words.begin(), words.end(), needle.begin(), needle.end());
        if (needle.empty() || at == words.end()) continue;
        words.erase(at, at + static_cast<std::ptrdiff_t>(needle.size()));
        note(country);
    }
    for (const auto& country : countries()) {
        for (const auto& code : country.codes) {
            bool usable = code.size() == 3 || code == "US" || code == "UK";
            if (usable && hasCodeWord(cleaned, code)) note(country.name);
        }
    }
    return found;
}

}  // namespace lodestone::outreach::icp
