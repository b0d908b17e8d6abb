// What templates see: the research output and the project as Mustache data, plus a few
// ready-made phrases, and the facets `when` conditions choose sections by.
#pragma once

#include <Poco/JSON/Object.h>

#include <map>
#include <optional>
#include <string>

#include "Mustache.hpp"

namespace lodestone::content_template {

// industry, sizeCategory, seniority and department, where the research found them.
using Facets = std::map<std::string, std::string>;

Facets facetsOf(const Poco::JSON::Object::Ptr& research);

bool matches(const Condition& condition, const Facets& facets);

// {person, company, custom, facts, project: {id, name}, display: {…}}. `research` and
// `project` (may be null) are already checked to be objects where present. Absent values are
// left out, so {{#company.name}}…{{/company.name}} works as a test.
//
// display holds phrases that read well whatever is missing:
//   firstName  "Ada", or "there"
//   greeting   "Ada"; the full name where the family name comes first ("山田太郎",
//              "YAMADA Taro"); or "there"
//   name       "Ada Lovelace", or "you"
//   company    "Analytical Engines", or "your company"
//   companyPossessive  "Analytical Engines'", "Acme's", or "your company's"
//   industry   "software" (the industry, lower-cased for prose; absent when unknown)
//   size       "small", "mid-market", … (absent when unknown)
//   profile    "a small software business", "an enterprise business", or
//              "a business like yours"
//   team       "your engineering team", or "your team"
MustacheData templateData(const Poco::JSON::Object::Ptr& research,
                          const Poco::JSON::Object::Ptr& project);

}  // namespace lodestone::content_template
