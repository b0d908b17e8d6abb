// Seniority and department from a free-text job title, by keyword rules on whole words.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace lodestone::research_basic {

// "executive", "vp", "head", "director", "manager", "senior", "entry" or
// "individual_contributor"; "unknown" for a blank title.
std::string seniorityFromTitle(std::string_view title);

// "engineering", "sales", "marketing", "finance", "people", "operations", "product", "design",
// "customer_success", "legal", "data", "it" or "executive"; nothing when the title names none.
std::optional<std::string> departmentFromTitle(std::string_view title);

// For facts: "VP", "head-of-function", "individual-contributor", …
std::string seniorityLabel(std::string_view seniority);
// For facts: "Engineering", "Customer Success", "IT", …
std::string departmentLabel(std::string_view department);

}  // namespace lodestone::research_basic
