// schema.org data a page embeds as JSON-LD: the organisation behind the site, its job postings
// and its articles. Blocks that are not JSON are skipped; nesting and item counts are capped.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace lodestone::research_web {

struct Organization {
    std::string type;  // Organization, Corporation, LocalBusiness, ...
    std::string name;
    std::string description;
    std::string url;
    std::optional<int> foundedYear;     // from foundingDate
    std::optional<long> employeeCount;  // numberOfEmployees as one number
    std::string employeeRange;          // numberOfEmployees as minValue-maxValue
    std::string industry;
    std::string locality, region, country;  // address
    std::vector<std::string> sameAs;
};

struct JobPosting {
    std::string title;
    std::string department;  // occupationalCategory or industry, as written
    std::string location;
    std::string datePosted;
};

struct Article {
    std::string headline;
    std::string datePublished;
};

struct JsonLdFacts {
    std::vector<Organization> organizations;
    std::vector<JobPosting> jobs;
    std::vector<Article> articles;
    int unreadable = 0;  // blocks that were not JSON
};

// Reads every block; each value is UTF-8 text, cut to a few hundred characters.
JsonLdFacts readJsonLd(const std::vector<std::string>& blocks);

}  // namespace lodestone::research_web
