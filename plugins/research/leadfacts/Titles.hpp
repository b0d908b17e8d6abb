// Seniority and department from a free-text job title, by whole-word rules whose words are data
// (the vocabulary's seniorityTitleWords and departments, vocabulary.yaml): English, French, German
// and Spanish.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lodestone::research_basic {

// "executive", "vp", "head", "director", "manager", "senior", "entry" or
// "individual_contributor"; "unknown" for a blank title.
std::string seniorityFromTitle(std::string_view title);

// "engineering", "sales", "marketing", "finance", "people", "operations", "product", "design",
// "customer_success", "legal", "data", "it", "procurement", "admissions" or "executive"; nothing
// when the title names none.
std::optional<std::string> departmentFromTitle(std::string_view title);

// A title's words as the rules read them: lower case, accents dropped ("Geschäftsführer" is
// "geschaftsfuhrer", "ß" is "ss"), so that a title matches however it was typed.
std::vector<std::string> titleWords(std::string_view text);

// For facts: "VP", "head-of-function", "individual-contributor", …
std::string seniorityLabel(std::string_view seniority);
// For facts: "Engineering", "Customer Success", "IT", …
std::string departmentLabel(std::string_view department);

}  // namespace lodestone::research_basic
