#include "Roles.hpp"

#include <algorithm>
#include <iterator>
#include <span>
#include <sstream>
#include <vector>

#include "Prose.hpp"

namespace lodestone::content_template {
namespace {

// The title's words, lower-cased, split on anything but letters and digits ("Co-Founder/CEO"
// reads co, founder, ceo), with " & " and "and" kept as words.
std::vector<std::string> wordsOf(const std::string& title) {
    std::vector<std::string> words;
    std::string word;
    for (char c : lowerAscii(title)) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            word += c;
        } else if (!word.empty()) {
            words.push_back(word);
            word.clear();
        }
    }
    if (!word.empty()) words.push_back(word);
    return words;
}

// True when `phrase` (space-separated words) occurs in `words` as whole words.
bool hasPhrase(const std::vector<std::string>& words, const std::string& phrase) {
    std::vector<std::string> wanted;
    std::istringstream in(phrase);
    for (std::string part; in >> part;) wanted.push_back(part);
    for (std::size_t i = 0; i + wanted.size() <= words.size(); ++i) {
        bool all = true;
        for (std::size_t j = 0; j < wanted.size() && all; ++j) all = words[i + j] == wanted[j];
        if (all) return true;
    }
    return false;
}

bool hasAnyPhrase(const std::vector<std::string>& words, const std::vector<std::string>& list) {
    for (const auto& phrase : list) {
        if (hasPhrase(words, phrase)) return true;
    }
    return false;
}

std::optional<RoleFamily> familyOfTitle(const std::vector<std::string>& words,
                                        const std::string& industry) {
    for (const auto& [family, phrases] : roleWords().families) {
        // A hospital's admissions are patients: the enrollment view is for schools and colleges.
        if (family == RoleFamily::Admissions && !industry.empty() && industry != "Education") {
            continue;
        }
        if (hasAnyPhrase(words, phrases)) return family;
        // "Principal" alone heads a school; elsewhere it is a principal engineer or consultant.
        if (family == RoleFamily::Education && hasPhrase(words, "principal") &&
            (industry == "Education" || words.size() == 1)) {
            return family;
        }
    }
    return std::nullopt;
}

// Research's department word, a key of the vocabulary's departments (vocabulary.yaml; checked at
// configure(), departmentsRead()); a department with a view of its own gets that view, and one
// without (or none) reads as Other, the general view.
const std::pair<const char*, RoleFamily> kDepartments[] = {
    {"executive", RoleFamily::Executive},
    {"sales", RoleFamily::Sales},
    {"customer_success", RoleFamily::CustomerSuccess},
    {"marketing", RoleFamily::Marketing},
    {"engineering", RoleFamily::Engineering},
    {"data", RoleFamily::Engineering},
    {"product", RoleFamily::Engineering},
    {"design", RoleFamily::Engineering},
    {"it", RoleFamily::It},
    {"operations", RoleFamily::Operations},
    {"finance", RoleFamily::Finance},
    {"people", RoleFamily::People},
    {"procurement", RoleFamily::Procurement},
    {"legal", RoleFamily::Legal},
    {"admissions", RoleFamily::Admissions}};

// Where the assets are plant, turbines, vehicles or networks: industries of the vocabulary.
const char* const kPhysicalIndustries[] = {"Manufacturing", "Energy", "Logistics",
                                           "Telecommunications", "Construction"};

// Research's seniorities that lead the reader's part of the company, and those that manage one.
const char* const kLeaderSeniorities[] = {"executive", "vp"};
const char* const kManagerSeniorities[] = {"head", "director", "manager"};

bool isOneOf(const std::string& word, std::span<const char* const> list) {
    return std::find(list.begin(), list.end(), word) != list.end();
}

RoleFamily familyOfDepartment(const std::string& department) {
    for (const auto& [word, family] : kDepartments) {
        if (department == word) return family;
    }
    return RoleFamily::Other;
}

// Operations is also where loose title words land ("project manager", "quality", "site
// manager"): when research read a department with a view of its own, that view fits better.
bool isSpecific(RoleFamily family) {
    return family != RoleFamily::Operations && family != RoleFamily::Other &&
           family != RoleFamily::Executive;
}

bool isSmallCompany(const Reader& reader) {
    if (auto count = headcount(reader)) return *count <= 50;
    return reader.sizeCategory == "micro" || reader.sizeCategory == "small";
}

}  // namespace

RoleFamily roleFamilyOf(const std::string& title, const std::string& department,
                        const std::string& industry) {
    const auto words = wordsOf(title);
    const RoleFamily fromDepartment = familyOfDepartment(department);
    if (auto family = familyOfTitle(words, industry)) {
        if (*family == RoleFamily::Operations && isSpecific(fromDepartment)) {
            return fromDepartment;
        }
        // Where the assets are plant, turbines, vehicles or networks, an engineer without a
        // software word in the title keeps them running: operations work, not code.
        const bool physical =
            std::find(std::begin(kPhysicalIndustries), std::end(kPhysicalIndustries), industry) !=
            std::end(kPhysicalIndustries);
        if (*family == RoleFamily::Engineering && physical &&
            !hasAnyPhrase(words, roleWords().software)) {
            return RoleFamily::Operations;
        }
        return *family;
    }
    return fromDepartment;
}

std::vector<std::string> departmentsRead() {
    std::vector<std::string> keys;
    for (const auto& entry : kDepartments) keys.emplace_back(entry.first);
    return keys;
}

std::vector<std::string> senioritiesRead() {
    std::vector<std::string> keys(std::begin(kLeaderSeniorities), std::end(kLeaderSeniorities));
    keys.insert(keys.end(), std::begin(kManagerSeniorities), std::end(kManagerSeniorities));
    return keys;
}

std::vector<std::string> industriesRead() {
    std::vector<std::string> names(std::begin(kPhysicalIndustries), std::end(kPhysicalIndustries));
    names.emplace_back("Education");
    return names;
}

Level levelOf(const std::string& seniority, RoleFamily family, const std::string& title) {
    const auto words = wordsOf(title);
    if (family == RoleFamily::Education && hasAnyPhrase(words, roleWords().schoolLeader) &&
        !hasAnyPhrase(words, roleWords().notSchoolLeader)) {
        return Level::Leader;
    }
    if (isOneOf(seniority, kLeaderSeniorities)) return Level::Leader;
    if (isOneOf(seniority, kManagerSeniorities)) return Level::Manager;
    return Level::Practitioner;
}

std::optional<std::optional<Format>> formatSetting(const std::string& word) {
    if (word == "auto") return std::optional<Format>();
    if (word == "playbook") return Format::Playbook;
    if (word == "checklist") return Format::Checklist;
    if (word == "scorecard") return Format::Scorecard;
    if (word == "roi_estimate") return Format::RoiEstimate;
    if (word == "briefing") return Format::Briefing;
    return std::nullopt;
}

Format automaticFormat(const Reader& reader) {
    if (reader.family == RoleFamily::Finance && reader.level != Level::Practitioner) {
        return Format::RoiEstimate;
    }
    if (reader.level == Level::Leader || reader.family == RoleFamily::Executive) {
        return isSmallCompany(reader) ? Format::Playbook : Format::Briefing;
    }
    if (reader.level == Level::Manager) {
        return reader.family == RoleFamily::Sales || reader.family == RoleFamily::Marketing
                   ? Format::Playbook
                   : Format::Scorecard;
    }
    return Format::Checklist;
}

const char* formatName(Format format) {
    switch (format) {
        case Format::Playbook:
            return "playbook";
        case Format::Checklist:
            return "checklist";
        case Format::Scorecard:
            return "scorecard";
        case Format::RoiEstimate:
            return "roi_estimate";
        case Format::Briefing:
            return "briefing";
    }
    return "playbook";
}

}  // namespace lodestone::content_template
