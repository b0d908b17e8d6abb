#pragma once

#include <string>

// The words operators and clients use for the same seniority or department, reduced to one key
// each so that "C-Level", "c level" and "executive" compare equal.
namespace lodestone::outreach::icp {

// tokenKey() of `text`, with aliases folded: c_suite, cxo, chief, executive, founder, owner ->
// c_level; vice_president, svp, evp, avp -> vp; dir -> director; mgr -> manager; sr -> senior;
// junior, jr, entry_level -> entry; ic -> individual_contributor. Anything else as is.
std::string seniorityKey(const std::string& text);

// tokenKey() of `text`, with aliases folded: hr, human_resources, people_ops -> people;
// eng -> engineering; information_technology -> it; ops -> operations; cs, client_success ->
// customer_success; exec -> executive; purchasing, purchase, buying, sourcing -> procurement;
// enrollment, enrolment, admission -> admissions; security, infosec -> it. Anything else as is.
std::string departmentKey(const std::string& text);

// tokenKey(): "Series-A", "series a" and "series_a" are one stage.
std::string fundingStageKey(const std::string& text);

}  // namespace lodestone::outreach::icp
