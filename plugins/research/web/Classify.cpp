#include "Classify.hpp"

#include <array>
#include <utility>
#include <vector>

#include "Text.hpp"

namespace lodestone::research_web {
namespace {

// The words of `text`, lower case, split on anything that is not a letter, digit or '&'.
std::vector<std::string> wordsOf(std::string_view text) {
    std::vector<std::string> words;
    std::string word;
    for (char c : lowerAscii(text)) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '&') {
            word += c;
        } else if (!word.empty()) {
            words.push_back(std::move(word));
            word.clear();
        }
    }
    if (!word.empty()) words.push_back(std::move(word));
    return words;
}

// Whether `phrase` (space-separated words) occurs in `words` as whole words.
bool hasPhrase(const std::vector<std::string>& words, std::string_view phrase) {
    const auto wanted = wordsOf(phrase);
    if (wanted.empty() || wanted.size() > words.size()) return false;
    for (std::size_t i = 0; i + wanted.size() <= words.size(); ++i) {
        bool all = true;
        for (std::size_t j = 0; j < wanted.size() && all; ++j) all = words[i + j] == wanted[j];
        if (all) return true;
    }
    return false;
}

bool hasAny(const std::vector<std::string>& words,
            std::initializer_list<std::string_view> phrases) {
    for (auto phrase : phrases) {
        if (hasPhrase(words, phrase)) return true;
    }
    return false;
}

const std::vector<std::pair<std::string_view, std::vector<std::string_view>>> kDepartments = {
    {"executive",
     {"ceo", "founder", "cofounder", "co founder", "president", "managing director", "owner",
      "general manager"}},
    {"engineering",
     {"cto", "engineer", "engineering", "developer", "software", "devops", "sre", "architect",
      "programmer", "qa"}},
    {"sales",
     {"cro", "sales", "account executive", "business development", "sdr", "bdr", "account manager",
      "revenue"}},
    {"marketing",
     {"cmo", "marketing", "growth", "brand", "content", "seo", "demand generation",
      "communications", "pr"}},
    {"finance",
     {"cfo", "finance", "financial", "accounting", "accountant", "controller", "treasury"}},
    {"people", {"chro", "hr", "human resources", "people", "talent", "recruiter", "recruiting"}},
    {"operations", {"coo", "operations", "ops", "logistics", "supply chain", "procurement"}},
    {"product", {"cpo", "product"}},
    {"design", {"design", "designer", "ux", "ui"}},
    {"customer_success", {"customer success", "support", "customer experience", "cx"}},
    {"legal", {"legal", "counsel", "compliance", "lawyer", "attorney"}},
    {"data", {"data", "analytics", "analyst", "machine learning", "bi", "scientist"}},
    {"it",
     {"cio", "ciso", "it", "information technology", "security", "infrastructure", "sysadmin",
      "systems administrator"}},
};

const std::vector<std::pair<std::string_view, std::vector<std::string_view>>> kIndustries = {
    {"Software", {"software", "saas", "cloud", "technology", "tech", "it services", "devtools"}},
    {"Financial Services",
     {"bank", "banking", "finance", "financial", "fintech", "insurance", "investment", "payments",
      "lending", "accounting"}},
    {"Healthcare",
     {"health", "healthcare", "medical", "pharma", "pharmaceutical", "biotech", "hospital",
      "clinic", "life sciences"}},
    {"Retail & E-commerce",
     {"retail", "e commerce", "ecommerce", "shop", "store", "consumer goods"}},
    {"Manufacturing",
     {"manufacturing", "manufacturer", "industrial", "automotive", "machinery", "chemicals"}},
    {"Education", {"education", "edtech", "school", "university", "training", "e learning"}},
    {"Marketing & Advertising", {"marketing", "advertising", "adtech", "agency", "martech"}},
    {"Professional Services",
     {"consulting", "consultancy", "legal", "law firm", "services", "staffing", "recruitment"}},
    {"Real Estate", {"real estate", "property", "proptech"}},
    {"Construction",
     {"construction", "general contractor", "civil engineering", "builders", "contractors"}},
    {"Logistics",
     {"logistics", "shipping", "freight", "transport", "transportation", "supply chain",
      "delivery"}},
    {"Non-profit", {"non profit", "nonprofit", "charity", "ngo", "foundation"}},
    {"Media",
     {"media", "publishing", "news", "entertainment", "gaming", "games", "gambling", "music",
      "film"}},
    {"Energy", {"energy", "oil", "gas", "solar", "renewables", "utilities", "power"}},
    {"Public Sector", {"government", "public sector", "municipal", "defence", "defense"}},
    {"Hospitality & Travel",
     {"hospitality", "hotel", "hotels", "travel", "tourism", "restaurant", "airline"}},
    {"Telecommunications", {"telecom", "telecommunications", "telco", "mobile network", "isp"}},
};

constexpr std::array<std::pair<long, std::string_view>, 7> kBands = {{{10, "1-10"},
                                                                      {50, "11-50"},
                                                                      {200, "51-200"},
                                                                      {500, "201-500"},
                                                                      {1000, "501-1000"},
                                                                      {5000, "1001-5000"},
                                                                      {10000, "5001-10000"}}};

}  // namespace

std::string seniorityOf(std::string_view title) {
    const auto words = wordsOf(title);
    if (words.empty()) return "unknown";
    // Assistants to executives are not executives; owners of products are not owners.
    if (hasAny(words, {"assistant", "intern", "internship", "junior", "jr", "trainee", "graduate",
                       "apprentice", "working student"})) {
        return "entry";
    }
    if (hasAny(words, {"ceo", "cto", "cfo", "coo", "cmo", "cro", "cio", "ciso", "cpo", "chro",
                       "chief", "founder", "cofounder", "co founder", "president",
                       "managing director", "partner"}) ||
        (hasPhrase(words, "owner") && !hasPhrase(words, "product owner"))) {
        return hasAny(words, {"vice president", "vp"}) ? "vp" : "executive";
    }
    if (hasAny(words, {"vp", "vice president", "svp", "evp", "avp"})) return "vp";
    if (hasAny(words, {"head"})) return "head";
    if (hasAny(words, {"director"})) return "director";
    if (hasAny(words, {"manager", "lead", "supervisor", "team leader"})) return "manager";
    if (hasAny(words, {"senior", "sr", "principal", "staff"})) return "senior";
    return "individual_contributor";
}

std::optional<std::string> departmentOf(std::string_view title) {
    const auto words = wordsOf(title);
    // "VP of Engineering": the function named after "of" beats the rank's own department.
    for (const auto& [department, phrases] : kDepartments) {
        if (department == "executive") continue;
        for (auto phrase : phrases) {
            if (hasPhrase(words, phrase)) return std::string(department);
        }
    }
    for (auto phrase : kDepartments.front().second) {
        if (hasPhrase(words, phrase)) return std::string("executive");
    }
    return std::nullopt;
}

std::optional<std::string> canonicalIndustry(std::string_view text) {
    const auto words = wordsOf(text);
    if (words.empty()) return std::nullopt;
    std::size_t bestAt = words.size();
    std::optional<std::string> best;
    for (const auto& [industry, phrases] : kIndustries) {
        for (auto phrase : phrases) {
            const auto wanted = wordsOf(phrase);
            for (std::size_t i = 0; i + wanted.size() <= words.size() && i < bestAt; ++i) {
                bool all = true;
                for (std::size_t j = 0; j < wanted.size() && all; ++j) {
                    all = words[i + j] == wanted[j];
                }
                if (all) {
                    bestAt = i;
                    best = std::string(industry);
                }
            }
        }
    }
    if (best) return best;
    return titleCase(cut(collapseWhitespace(text), 100));
}

std::string sizeBandOf(long employees) {
    for (const auto& [most, band] : kBands) {
        if (employees <= most) return std::string(band);
    }
    return "10000+";
}

std::optional<std::string> sizeBandOfRange(std::string_view range) {
    std::string digits;
    std::vector<long> numbers;
    for (char c : std::string(range) + " ") {
        if (c >= '0' && c <= '9') {
            digits += c;
        } else if (c == ',' && !digits.empty()) {
            continue;
        } else if (!digits.empty()) {
            if (digits.size() > 9) return std::nullopt;
            numbers.push_back(std::stol(digits));
            digits.clear();
        }
    }
    if (numbers.empty() || numbers.size() > 2) return std::nullopt;
    if (numbers.size() == 1 && range.find('+') != std::string_view::npos) {
        return sizeBandOf(numbers[0] + 1);
    }
    return sizeBandOf(numbers.back());
}

std::string sizeCategoryOf(const std::string& band) {
    if (band == "1-10") return "micro";
    if (band == "11-50") return "small";
    if (band == "51-200" || band == "201-500" || band == "501-1000") return "mid_market";
    return "enterprise";
}

}  // namespace lodestone::research_web
