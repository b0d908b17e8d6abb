#include "outreach/icp/Vocabulary.hpp"

#include <map>

#include "outreach/icp/Text.hpp"

namespace lodestone::outreach::icp {
namespace {

std::string folded(const std::string& text, const std::map<std::string, std::string>& aliases) {
    std::string key = tokenKey(text);
    auto alias = aliases.find(key);
    return alias == aliases.end() ? key : alias->second;
}

}  // namespace

std::string seniorityKey(const std::string& text) {
    // research-basic reports C-level titles and founders as "executive"; operators tend to write
    // "C-Level". Both mean the top of the company.
    static const std::map<std::string, std::string> kAliases{
        {"c_suite", "c_level"},
        {"csuite", "c_level"},
        {"clevel", "c_level"},
        {"cxo", "c_level"},
        {"chief", "c_level"},
        {"executive", "c_level"},
        {"exec", "c_level"},
        {"founder", "c_level"},
        {"co_founder", "c_level"},
        {"cofounder", "c_level"},
        {"owner", "c_level"},
        {"vice_president", "vp"},
        {"svp", "vp"},
        {"evp", "vp"},
        {"avp", "vp"},
        {"dir", "director"},
        {"mgr", "manager"},
        {"sr", "senior"},
        {"junior", "entry"},
        {"jr", "entry"},
        {"entry_level", "entry"},
        {"ic", "individual_contributor"},
    };
    return folded(text, kAliases);
}

std::string departmentKey(const std::string& text) {
    static const std::map<std::string, std::string> kAliases{
        {"hr", "people"},
        {"human_resources", "people"},
        {"people_ops", "people"},
        {"people_operations", "people"},
        {"eng", "engineering"},
        {"information_technology", "it"},
        {"ops", "operations"},
        {"cs", "customer_success"},
        {"client_success", "customer_success"},
        {"exec", "executive"},
        // research reads buyers and admissions offices as these two.
        {"purchasing", "procurement"},
        {"purchase", "procurement"},
        {"buying", "procurement"},
        {"sourcing", "procurement"},
        {"enrollment", "admissions"},
        {"enrolment", "admissions"},
        {"admission", "admissions"},
        {"security", "it"},
        {"infosec", "it"},
    };
    return folded(text, kAliases);
}

std::string fundingStageKey(const std::string& text) {
    return tokenKey(text);
}

}  // namespace lodestone::outreach::icp
