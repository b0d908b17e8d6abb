// The words research-basic infers an industry from when the lead does not give one: the
// vocabulary as data, one entry per canonical industry (docs/plugins.md).
//
// Phrases are lower-case whole words; a hyphen separates words ("e-commerce" is "e commerce").
// Two lists, because the places differ in how loosely they use words:
// - `anywhere`: phrases that name the industry wherever they are written, so they count in the
//   client's notes and in a job title too ("online gambling operator", "Casino Host",
//   "a fintech startup"). Notes are prose about many things ("lunch at the hotel", "interested
//   in our software"), so only phrases that rarely mean anything else are here.
// - `inNames`: words that name the industry in a company's name or domain only ("Acme Hotels",
//   "acme-software.io"), where a word is chosen to say what the company does.
#pragma once

#include <vector>

namespace lodestone::research_basic {

struct IndustryTerms {
    const char* industry;
    std::vector<const char*> anywhere;
    std::vector<const char*> inNames;
};

inline const std::vector<IndustryTerms>& industryTerms() {
    static const std::vector<IndustryTerms> terms = {
        // Not in the original vocabulary: added so that a campaign's `exclude: [Gambling]` (a
        // common exclusion) meets research's industry.
        {"Gambling",
         {"gambling", "casino", "casinos", "igaming", "i gaming", "sportsbook", "sportsbooks",
          "sports betting", "online betting", "betting operator", "betting company", "bookmaker",
          "bookmakers", "online poker", "lottery operator", "slot machines", "wagering"},
         {"bet", "bets", "betting", "poker", "lottery", "lotto", "bingo", "slots"}},
        {"Software",
         {"software company", "software vendor", "software startup", "software house",
          "software provider", "saas company", "saas startup", "saas vendor", "saas provider",
          "cybersecurity company", "cybersecurity firm"},
         {"software", "saas", "cloud", "tech", "technologies", "technology", "ai", "cyber",
          "cybersecurity", "devtools", "apps", "machine learning"}},
        {"Financial Services",
         {"fintech", "insurtech", "wealthtech", "regtech", "neobank", "payments company",
          "payment provider", "payments provider", "insurance company", "insurance provider",
          "insurer", "asset manager", "investment bank", "private equity firm",
          "venture capital firm", "credit union", "brokerage", "crypto exchange"},
         {"bank", "banking", "capital", "finance", "financial", "insurance", "assurance",
          "investments", "invest", "payments", "lending", "credit", "wealth", "securities",
          "crypto"}},
        {"Healthcare",
         {"healthcare", "health care", "hospital", "hospitals", "clinic", "clinics", "medtech",
          "healthtech", "biotech", "pharmaceutical", "pharmaceuticals", "medical device",
          "medical devices", "life sciences", "dental practice", "veterinary practice", "care home",
          "nursing home", "telehealth"},
         {"health", "medical", "pharma", "bio", "therapeutics", "diagnostics", "dental"}},
        {"Retail & E-commerce",
         {"ecommerce", "e commerce", "online store", "online shop", "online retailer", "retailer",
          "retail chain", "d2c brand", "dtc brand", "direct to consumer", "fashion brand",
          "apparel brand"},
         {"retail", "shop", "store", "stores", "boutique", "fashion", "apparel", "outlet"}},
        {"Manufacturing",
         {"manufacturer", "manufacturing", "factory", "factories", "industrial automation",
          "contract manufacturer", "automotive supplier"},
         {"industries", "industrial", "machinery", "motors", "automotive", "aerospace", "chemicals",
          "steel", "plastics", "metals"}},
        {"Education",
         {"edtech", "university", "higher education", "elearning", "e learning", "school district",
          "business school"},
         {"school", "college", "academy", "education", "edu", "learning", "institute"}},
        {"Marketing & Advertising",
         {"marketing agency", "advertising agency", "digital agency", "creative agency",
          "media agency", "pr agency", "seo agency", "growth agency", "adtech", "martech",
          "ad network"},
         {"marketing", "advertising", "agency", "creative", "ads"}},
        {"Professional Services",
         {"law firm", "consulting firm", "consultancy", "accounting firm", "accountancy firm",
          "management consultancy", "solicitors", "recruitment agency", "staffing agency",
          "staffing firm", "audit firm"},
         {"consulting", "consultants", "advisory", "advisors", "legal", "law", "attorneys",
          "lawyers", "accountants", "accounting", "recruitment", "staffing"}},
        {"Real Estate",
         {"real estate", "proptech", "realty", "estate agency", "estate agents",
          "property management", "property developer"},
         {"properties", "property", "estates", "homes", "housing"}},
        // Those who build, not those who own, let or sell buildings: before this entry a
        // construction group read as Real Estate.
        {"Construction",
         {"construction company",
          "construction group",
          "construction firm",
          "construction business",
          "construction contractor",
          "general contractor",
          "general contractors",
          "building contractor",
          "building contractors",
          "civil engineering",
          "homebuilder",
          "homebuilders",
          "bauunternehmen",
          "baufirma",
          "empresa constructora",
          "constructora",
          "entreprise de btp",
          "btp",
          "g\xC3\xA9nie civil",
          "travaux publics"},
         {"construction", "constructions", "builders", "contractors", "contracting", "bau",
          "bauunternehmung", "hochbau", "tiefbau", "construcciones", "constructora", "btp",
          "batiment", "b\xC3\xA2timent"}},
        {"Logistics",
         {"freight", "logistics company", "logistics provider", "logistics firm",
          "shipping company", "trucking company", "courier", "supply chain", "warehousing", "3pl",
          "freight forwarder"},
         {"logistics", "shipping", "transport", "cargo", "trucking", "fleet"}},
        {"Non-profit",
         {"nonprofit", "non profit", "not for profit", "charity", "ngo"},
         {"foundation", "charities"}},
        {"Media",
         {"publisher", "publishing house", "broadcaster", "newspaper", "media company",
          "film studio", "record label", "news outlet", "streaming service"},
         {"media", "publishing", "news", "studios", "films", "pictures", "records", "tv", "radio",
          "broadcasting"}},
        {"Energy",
         {"renewable energy", "renewables", "energy company", "energy provider", "energy supplier",
          "utility company", "solar installer", "oil and gas", "power company"},
         {"energy", "solar", "power", "wind", "utilities", "oil", "gas", "petroleum", "electric"}},
        {"Public Sector",
         {"government", "public sector", "city council", "county council", "municipality",
          "federal agency", "government agency", "ministry", "govtech"},
         {"council", "gov"}},
        {"Hospitality & Travel",
         {"hospitality", "tourism", "hotel chain", "hotel group", "resort group", "travel agency",
          "tour operator", "restaurant group", "restaurant chain"},
         {"hotel", "hotels", "resort", "resorts", "travel", "tours", "inn", "restaurant",
          "restaurants", "cafe", "bistro", "airlines", "airways"}},
        {"Telecommunications",
         {"telecom", "telecoms", "telecommunications", "telco", "mobile operator",
          "mobile network operator", "internet service provider", "broadband provider"},
         {"broadband", "fibre", "fiber", "wireless", "cellular", "isp"}},
    };
    return terms;
}

}  // namespace lodestone::research_basic
