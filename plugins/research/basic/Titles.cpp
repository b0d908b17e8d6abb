#include "Titles.hpp"

#include <vector>

#include "Text.hpp"

namespace lodestone::research_basic {
namespace {

struct Rule {
    Phrase phrase;
    const char* value;
};

// Words after "partner" and before it that make it a job function rather than a firm's partner
// ("Partner Manager", "HR Business Partner").
constexpr const char* kPartnerFunctions =
    "manager managers marketing success sales development program programs ecosystem account "
    "relations operations engineer solutions enablement integrations management";
constexpr const char* kPartnerQualifiers =
    "business talent acquisition hr people channel alliance alliances strategic success account "
    "sales recruiting recruitment technology solutions";
// "Product Owner" owns a backlog, not a company.
constexpr const char* kOwnerQualifiers = "product process account project data service services";

// In priority order: the first rule that matches decides. Assistants to executives come first
// so that "Executive Assistant to the CEO" is not taken for the CEO.
const Rule kSeniorityRules[] = {
    {{"executive assistant"}, "entry"},
    {{"assistant to"}, "entry"},
    {{"personal assistant"}, "entry"},
    {{"chief"}, "executive"},
    {{"ceo"}, "executive"},
    {{"cto"}, "executive"},
    {{"cfo"}, "executive"},
    {{"coo"}, "executive"},
    {{"cmo"}, "executive"},
    {{"cio"}, "executive"},
    {{"cro"}, "executive"},
    {{"cpo"}, "executive"},
    {{"cdo"}, "executive"},
    {{"ciso"}, "executive"},
    {{"chro"}, "executive"},
    {{"founder"}, "executive"},
    {{"cofounder"}, "executive"},
    {{"owner", "", kOwnerQualifiers}, "executive"},
    {{"president", "", "vice"}, "executive"},
    {{"managing director"}, "executive"},
    {{"partner", kPartnerFunctions, kPartnerQualifiers}, "executive"},
    {{"vp"}, "vp"},
    {{"vice president"}, "vp"},
    {{"svp"}, "vp"},
    {{"evp"}, "vp"},
    {{"avp"}, "vp"},
    {{"head"}, "head"},
    {{"director"}, "director"},
    {{"manager"}, "manager"},
    {{"lead", "generation gen"}, "manager"},
    {{"teamlead"}, "manager"},
    {{"leader"}, "manager"},
    {{"supervisor"}, "manager"},
    {{"senior"}, "senior"},
    {{"sr"}, "senior"},
    {{"principal"}, "senior"},
    {{"staff"}, "senior"},
    {{"junior"}, "entry"},
    {{"jr"}, "entry"},
    {{"intern"}, "entry"},
    {{"internship"}, "entry"},
    {{"associate"}, "entry"},
    {{"assistant"}, "entry"},
    {{"trainee"}, "entry"},
    {{"apprentice"}, "entry"},
    {{"graduate"}, "entry"},
};

// In priority order. Phrases that would otherwise be read by one of their words come first
// ("Sales Engineer" is sales, "Product Designer" is design); then departments whose words are
// rarely qualifiers of another function ("Engineering Recruiter" is people, "Support Engineer"
// is customer success); "executive" only when nothing else matched.
const Rule kDepartmentRules[] = {
    {{"business development"}, "sales"},
    {{"account executive"}, "sales"},
    {{"account manager"}, "sales"},
    {{"account management"}, "sales"},
    {{"sales engineer"}, "sales"},
    {{"solutions engineer"}, "sales"},
    {{"sales operations"}, "sales"},
    {{"revenue operations"}, "operations"},
    {{"marketing operations"}, "marketing"},
    {{"customer success"}, "customer_success"},
    {{"customer service"}, "customer_success"},
    {{"customer support"}, "customer_success"},
    {{"customer experience"}, "customer_success"},
    {{"client services"}, "customer_success"},
    {{"product marketing"}, "marketing"},
    {{"growth marketing"}, "marketing"},
    {{"lead generation"}, "marketing"},
    {{"product design"}, "design"},
    {{"product designer"}, "design"},
    {{"data engineer"}, "data"},
    {{"data engineering"}, "data"},
    {{"data scientist"}, "data"},
    {{"machine learning"}, "data"},
    {{"human resources"}, "people"},
    {{"people operations"}, "people"},
    {{"talent acquisition"}, "people"},
    {{"information technology"}, "it"},
    {{"information security"}, "it"},
    {{"chief technology officer"}, "engineering"},
    {{"chief technical officer"}, "engineering"},
    {{"chief revenue officer"}, "sales"},
    {{"chief operating officer"}, "operations"},
    {{"chief information officer"}, "it"},
    {{"general counsel"}, "legal"},
    {{"supply chain"}, "operations"},
    {{"office manager"}, "operations"},
    {{"hr"}, "people"},
    {{"hrbp"}, "people"},
    {{"people"}, "people"},
    {{"talent"}, "people"},
    {{"recruiting"}, "people"},
    {{"recruiter"}, "people"},
    {{"recruitment"}, "people"},
    {{"chro"}, "people"},
    {{"legal"}, "legal"},
    {{"counsel"}, "legal"},
    {{"lawyer"}, "legal"},
    {{"attorney"}, "legal"},
    {{"solicitor"}, "legal"},
    {{"paralegal"}, "legal"},
    {{"compliance"}, "legal"},
    {{"clo"}, "legal"},
    {{"finance"}, "finance"},
    {{"financial"}, "finance"},
    {{"cfo"}, "finance"},
    {{"accounting"}, "finance"},
    {{"accountant"}, "finance"},
    {{"controller"}, "finance"},
    {{"treasurer"}, "finance"},
    {{"bookkeeper"}, "finance"},
    {{"fp"}, "finance"},
    {{"fpa"}, "finance"},
    {{"tax"}, "finance"},
    {{"audit"}, "finance"},
    {{"auditor"}, "finance"},
    {{"payroll"}, "finance"},
    {{"data"}, "data"},
    {{"analytics"}, "data"},
    {{"bi"}, "data"},
    {{"ml"}, "data"},
    {{"cdo"}, "data"},
    {{"it"}, "it"},
    {{"cio"}, "it"},
    {{"ciso"}, "it"},
    {{"sysadmin"}, "it"},
    {{"helpdesk"}, "it"},
    {{"security"}, "it"},
    {{"network"}, "it"},
    {{"support"}, "customer_success"},
    {{"success"}, "customer_success"},
    {{"cx"}, "customer_success"},
    {{"onboarding"}, "customer_success"},
    {{"design"}, "design"},
    {{"designer"}, "design"},
    {{"ux"}, "design"},
    {{"ui"}, "design"},
    {{"creative"}, "design"},
    {{"product"}, "product"},
    {{"cpo"}, "product"},
    {{"marketing"}, "marketing"},
    {{"marketer"}, "marketing"},
    {{"cmo"}, "marketing"},
    {{"growth"}, "marketing"},
    {{"brand"}, "marketing"},
    {{"content"}, "marketing"},
    {{"seo"}, "marketing"},
    {{"demand"}, "marketing"},
    {{"communications"}, "marketing"},
    {{"pr"}, "marketing"},
    {{"copywriter"}, "marketing"},
    {{"sales"}, "sales"},
    {{"sdr"}, "sales"},
    {{"bdr"}, "sales"},
    {{"cro"}, "sales"},
    {{"revenue"}, "sales"},
    {{"partnerships"}, "sales"},
    {{"commercial"}, "sales"},
    {{"engineering"}, "engineering"},
    {{"engineer"}, "engineering"},
    {{"developer"}, "engineering"},
    {{"cto"}, "engineering"},
    {{"software"}, "engineering"},
    {{"devops"}, "engineering"},
    {{"sre"}, "engineering"},
    {{"architect"}, "engineering"},
    {{"programmer"}, "engineering"},
    {{"qa"}, "engineering"},
    {{"technology"}, "engineering"},
    {{"technical"}, "engineering"},
    {{"tech"}, "engineering"},
    {{"infrastructure"}, "engineering"},
    {{"platform"}, "engineering"},
    {{"operations"}, "operations"},
    {{"ops"}, "operations"},
    {{"coo"}, "operations"},
    {{"logistics"}, "operations"},
    {{"procurement"}, "operations"},
    {{"facilities"}, "operations"},
    {{"ceo"}, "executive"},
    {{"founder"}, "executive"},
    {{"cofounder"}, "executive"},
    {{"owner", "", kOwnerQualifiers}, "executive"},
    {{"president", "", "vice"}, "executive"},
    {{"managing director"}, "executive"},
    {{"chief"}, "executive"},
    {{"partner", kPartnerFunctions, kPartnerQualifiers}, "executive"},
    {{"analyst"}, "data"},
};

template <std::size_t N>
const char* firstMatch(const Rule (&rules)[N], const std::vector<std::string>& tokens) {
    for (const auto& rule : rules) {
        if (containsPhrase(tokens, rule.phrase)) return rule.value;
    }
    return nullptr;
}

}  // namespace

std::string seniorityFromTitle(std::string_view title) {
    const auto tokens = words(title);
    if (tokens.empty()) return "unknown";
    const char* match = firstMatch(kSeniorityRules, tokens);
    return match != nullptr ? match : "individual_contributor";
}

std::optional<std::string> departmentFromTitle(std::string_view title) {
    const char* match = firstMatch(kDepartmentRules, words(title));
    if (match == nullptr) return std::nullopt;
    return std::string(match);
}

std::string seniorityLabel(std::string_view seniority) {
    if (seniority == "vp") return "VP";
    if (seniority == "head") return "head-of-function";
    if (seniority == "individual_contributor") return "individual-contributor";
    return std::string(seniority);
}

std::string departmentLabel(std::string_view department) {
    if (department == "it") return "IT";
    if (department == "customer_success") return "Customer Success";
    return capitalise(department);
}

}  // namespace lodestone::research_basic
