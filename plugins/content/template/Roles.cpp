#include "Roles.hpp"

#include <initializer_list>
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

bool hasAnyPhrase(const std::vector<std::string>& words, std::initializer_list<const char*> list) {
    for (const char* phrase : list) {
        if (hasPhrase(words, phrase)) return true;
    }
    return false;
}

std::optional<RoleFamily> familyOfTitle(const std::vector<std::string>& words,
                                        const std::string& industry) {
    // "Executive Assistant to the CEO" runs an office, not the company.
    if (hasAnyPhrase(words, {"executive assistant", "personal assistant", "assistant to",
                             "office manager"})) {
        return RoleFamily::Operations;
    }
    if (hasAnyPhrase(words,
                     {"founder", "cofounder", "ceo", "owner", "president", "chairman", "chair",
                      "chairwoman", "managing director", "chief executive", "general manager",
                      "managing partner", "executive director", "proprietor"})) {
        return RoleFamily::Executive;
    }
    if (hasAnyPhrase(words,
                     {"teacher",          "headteacher",    "head teacher",   "headmaster",
                      "headmistress",     "lecturer",       "professor",      "dean",
                      "provost",          "superintendent", "registrar",      "tutor",
                      "head of school",   "head of year",   "vice principal", "assistant principal",
                      "school principal", "curriculum",     "academic",       "faculty"}) ||
        (hasPhrase(words, "principal") && (industry == "Education" || words.size() == 1))) {
        return RoleFamily::Education;
    }
    if (hasAnyPhrase(
            words, {"nurse", "nursing", "physician", "doctor", "clinician", "clinical", "medical",
                    "surgeon", "pharmacist", "therapist", "practice manager", "matron", "midwife",
                    "radiologist", "dentist", "ward manager", "head of nursing", "cno", "cmio"})) {
        return RoleFamily::Healthcare;
    }
    if (hasAnyPhrase(words, {"cfo", "finance", "financial", "controller", "comptroller",
                             "accountant", "accounting", "treasurer", "fp", "bookkeeper", "audit",
                             "auditor", "payroll", "bursar"})) {
        return RoleFamily::Finance;
    }
    if (hasAnyPhrase(words, {"hr", "human resources", "people", "talent", "recruiter", "recruiting",
                             "recruitment", "chro", "learning and development", "l d", "hrbp"})) {
        return RoleFamily::People;
    }
    if (hasAnyPhrase(words, {"sales", "account executive", "account manager", "ae", "sdr", "bdr",
                             "business development", "cro", "revenue", "partnerships",
                             "customer success", "commercial", "key account"})) {
        return RoleFamily::Sales;
    }
    if (hasAnyPhrase(words, {"marketing", "cmo", "growth", "brand", "content", "demand",
                             "communications", "comms", "pr", "seo", "digital", "social media"})) {
        return RoleFamily::Marketing;
    }
    if (hasAnyPhrase(words,
                     {"engineer",  "engineering", "developer", "cto",        "cio",
                      "it",        "technology",  "software",  "devops",     "sre",
                      "architect", "data",        "security",  "ciso",       "infrastructure",
                      "systems",   "product",     "platform",  "programmer", "analyst"})) {
        return RoleFamily::Engineering;
    }
    // Compliance and risk run checks and exceptions day to day: operations work under rules.
    if (hasAnyPhrase(words, {"coo",
                             "operations",
                             "ops",
                             "operating",
                             "compliance",
                             "risk",
                             "regulatory",
                             "governance",
                             "legal",
                             "counsel",
                             "supply chain",
                             "logistics",
                             "procurement",
                             "purchasing",
                             "facilities",
                             "warehouse",
                             "plant",
                             "production",
                             "quality",
                             "fleet",
                             "dispatch",
                             "project manager",
                             "program manager",
                             "programme manager",
                             "site manager",
                             "store manager"})) {
        return RoleFamily::Operations;
    }
    return std::nullopt;
}

RoleFamily familyOfDepartment(const std::string& department) {
    if (department == "executive") return RoleFamily::Executive;
    if (department == "sales" || department == "customer_success") return RoleFamily::Sales;
    if (department == "marketing") return RoleFamily::Marketing;
    if (department == "engineering" || department == "it" || department == "data" ||
        department == "product" || department == "design") {
        return RoleFamily::Engineering;
    }
    if (department == "operations") return RoleFamily::Operations;
    if (department == "finance") return RoleFamily::Finance;
    if (department == "people") return RoleFamily::People;
    return RoleFamily::Other;
}

bool isSmallCompany(const Reader& reader) {
    if (auto count = headcount(reader)) return *count <= 50;
    return reader.sizeCategory == "micro" || reader.sizeCategory == "small";
}

}  // namespace

RoleFamily roleFamilyOf(const std::string& title, const std::string& department,
                        const std::string& industry) {
    const auto words = wordsOf(title);
    if (auto family = familyOfTitle(words, industry)) {
        // Where the assets are plant, turbines, vehicles or networks, an engineer without a
        // software word in the title keeps them running: operations work, not code.
        const bool physical = industry == "Manufacturing" || industry == "Energy" ||
                              industry == "Logistics" || industry == "Telecommunications";
        if (*family == RoleFamily::Engineering && physical &&
            !hasAnyPhrase(words, {"software", "it", "data", "developer", "devops", "sre",
                                  "security", "cto", "cio", "systems", "platform", "product",
                                  "technology", "programmer", "analyst", "web", "cloud"})) {
            return RoleFamily::Operations;
        }
        return *family;
    }
    return familyOfDepartment(department);
}

Level levelOf(const std::string& seniority, RoleFamily family, const std::string& title) {
    if (family == RoleFamily::Education &&
        hasAnyPhrase(wordsOf(title), {"principal", "headteacher", "head teacher", "headmaster",
                                      "headmistress", "dean", "provost", "superintendent",
                                      "head of school", "chancellor", "rector"}) &&
        !hasAnyPhrase(wordsOf(title), {"vice principal", "assistant principal", "deputy",
                                       "assistant dean", "associate dean"})) {
        return Level::Leader;
    }
    if (seniority == "executive" || seniority == "vp") return Level::Leader;
    if (seniority == "head" || seniority == "director" || seniority == "manager") {
        return Level::Manager;
    }
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
