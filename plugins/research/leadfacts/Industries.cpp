#include "Industries.hpp"

#include <vector>

#include "Inference.hpp"
#include "Text.hpp"

namespace lodestone::research_basic {
namespace {

struct Industry {
    const char* canonical;
    std::vector<const char*> phrases;  // in words, after hyphens are dropped ("ecommerce")
};

// The first phrase found (leftmost in the text) decides, so "Healthcare SaaS" is Healthcare and
// "Software for healthcare" is Software: the leading word is usually the market.
const std::vector<Industry>& industries() {
    static const std::vector<Industry> table = {
        {"Software",
         {"software",
          "saas",
          "tech",
          "technology",
          "information technology",
          "it",
          "internet",
          "cloud",
          "computer software",
          "computer",
          "computers",
          "devtools",
          "developer tools",
          "cybersecurity",
          "security software",
          "ai",
          "artificial intelligence",
          "paas",
          "machine learning",
          "accounting software",
          "iaas"}},
        {"Financial Services",
         {"fintech",
          "finance",
          "financial",
          "financial services",
          "banking",
          "bank",
          "banks",
          "insurance",
          "insurtech",
          "investment",
          "investments",
          "investment banking",
          "wealth management",
          "asset management",
          "payments",
          "lending",
          "capital markets",
          "venture capital",
          "private equity",
          "crypto",
          "credit"}},
        {"Healthcare",
         {"health", "healthcare", "health care", "hospital", "hospitals", "medtech", "healthtech",
          "biotech", "biotechnology", "pharma", "pharmaceutical", "pharmaceuticals", "medical",
          "medical devices", "life sciences", "clinical", "wellness", "dental", "veterinary"}},
        {"Retail & E-commerce",
         {"ecommerce", "e commerce", "retail", "retailer", "online retail", "dtc", "d2c",
          "direct to consumer", "consumer goods", "cpg", "fmcg", "fashion", "apparel",
          "marketplace", "shop", "shopping"}},
        {"Manufacturing",
         {"manufacturing", "manufacturer", "industrial", "industrials", "industry 4", "machinery",
          "automotive", "aerospace", "chemicals", "electronics", "factory",
          "industrial automation"}},
        {"Education",
         {"education", "edtech", "e learning", "elearning", "higher education", "university",
          "school", "schools", "training", "learning"}},
        {"Marketing & Advertising",
         {"agency", "agencies", "marketing", "advertising", "adtech", "martech",
          "digital marketing", "pr", "public relations", "creative agency", "media buying"}},
        {"Professional Services",
         {"consulting", "consultancy", "management consulting", "legal", "law", "law firm",
          "legal services", "accounting", "accountancy", "professional services", "audit", "tax",
          "staffing", "recruiting", "recruitment", "hr services", "outsourcing"}},
        {"Real Estate",
         {"real estate", "realestate", "proptech", "property", "properties",
          "commercial real estate", "property management"}},
        // Building things, not owning or letting them: a construction group is not Real Estate.
        {"Construction",
         {"construction",
          "building construction",
          "civil engineering",
          "general contractor",
          "general contracting",
          "contractor",
          "contractors",
          "builders",
          "homebuilding",
          "infrastructure construction",
          "bau",
          "bauwesen",
          "bauindustrie",
          "bauunternehmen",
          "hochbau",
          "tiefbau",
          "construcci\xC3\xB3n",
          "construccion",
          "btp",
          "b\xC3\xA2timent",
          "batiment",
          "travaux publics",
          "g\xC3\xA9nie civil",
          "genie civil"}},
        {"Logistics",
         {"logistics", "transport", "transportation", "shipping", "freight", "supply chain",
          "trucking", "delivery", "courier", "warehousing", "maritime", "airline", "airlines"}},
        {"Non-profit",
         {"nonprofit", "non profit", "not for profit", "ngo", "charity", "charities", "foundation",
          "philanthropy", "nonprofit organization management"}},
        {"Media",
         {"media", "publishing", "publisher", "entertainment", "news", "broadcasting", "gaming",
          "games", "video games", "film", "music", "streaming", "media production"}},
        {"Energy",
         {"energy", "utilities", "utility", "cleantech", "climate tech", "climatetech",
          "renewables", "renewable energy", "oil", "gas", "oil energy", "solar", "power"}},
        {"Public Sector",
         {"government", "public sector", "govtech", "government administration", "defense",
          "defence", "public administration", "municipal", "public policy"}},
        {"Hospitality & Travel",
         {"hospitality", "travel", "tourism", "hotel", "hotels", "leisure", "restaurants",
          "restaurant", "food service", "events"}},
        {"Telecommunications",
         {"telecom", "telecoms", "telecommunications", "telco", "wireless", "mobile network",
          "isp"}},
        // Added with industry inference, so that a campaign excluding Gambling meets it whether
        // the client or research names it.
        {"Gambling",
         {"gambling", "online gambling", "casino", "casinos", "online casino", "igaming", "betting",
          "sports betting", "sportsbook", "bookmaker", "bookmakers", "lottery", "lotteries",
          "poker", "bingo", "wagering"}},
    };
    return table;
}

// Minor words stay lower case inside a title-cased name.
bool isMinorWord(const std::string& word) {
    return word == "and" || word == "of" || word == "for" || word == "the" || word == "&";
}

std::string titleCase(const std::string& text) {
    std::string result;
    std::string word;
    const auto flush = [&] {
        if (word.empty()) return;
        const std::string lower = toLower(word);
        if (!result.empty() && isMinorWord(lower)) {
            result += lower;
        } else if (word == lower) {
            result += capitalise(word);
        } else {
            result += word;  // already has capitals the writer chose ("B2B", "IoT")
        }
        word.clear();
    };
    for (char c : text) {
        if (c == ' ') {
            flush();
            if (!result.empty() && result.back() != ' ') result += ' ';
        } else {
            word += c;
        }
    }
    flush();
    return result;
}

}  // namespace

std::string normaliseIndustry(std::string_view text) {
    const std::string trimmed = trim(text);
    if (trimmed.empty()) return "";
    // Hyphens join words ("e-commerce", "non-profit"): drop them before splitting.
    std::string joined;
    for (char c : trimmed) {
        if (c != '-') joined += c;
    }
    const auto tokens = words(joined);

    const char* best = nullptr;
    std::size_t bestStart = tokens.size();
    std::size_t bestLength = 0;
    for (const auto& industry : industries()) {
        for (const char* phrase : industry.phrases) {
            const std::size_t start = findPhrase(tokens, {phrase});
            const std::size_t length = words(phrase).size();
            if (start < bestStart ||
                (start == bestStart && start < tokens.size() && length > bestLength)) {
                best = industry.canonical;
                bestStart = start;
                bestLength = length;
            }
        }
    }
    if (best != nullptr) return best;
    // Else the words that name an industry in a company's name, in the four languages
    // ("Versicherungen", "Immobilier", "Online-Glücksspiel"), before a name outside the table.
    if (auto inferred = inferIndustry({{"industry", trimmed, Clue::Kind::Name}})) {
        return inferred->value;
    }
    return titleCase(trimmed);
}

}  // namespace lodestone::research_basic
