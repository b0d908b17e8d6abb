// The built-in template's sections, written as data. Order matters: max_sections keeps the
// first sections that apply, so the most specific advice for a reader comes early.
#pragma once

#include <string>
#include <vector>

namespace lodestone::content_template {

struct BuiltInSection {
    const char* heading;
    const char* body;
    // Empty: any value. Otherwise the lead's value must be one of these ("unknown": absent).
    std::vector<std::string> industry = {};
    std::vector<std::string> sizeCategory = {};
    std::vector<std::string> seniority = {};
    std::vector<std::string> department = {};
};

// The opening section, then sections chosen by seniority and by company size.
std::vector<BuiltInSection> roleAndSizeSections();
// Sections chosen by industry, then by department.
std::vector<BuiltInSection> industryAndDepartmentSections();

}  // namespace lodestone::content_template
