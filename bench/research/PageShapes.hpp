// Pages research_web_bench parses: the fixture company's real-looking pages, a large ordinary
// page, and hostile ones at the page cap (what the parser's limits are there for).
#pragma once

#include <string>
#include <vector>

namespace lodestone::bench::research {

struct PageShape {
    std::string name;
    std::string what;
    std::string html;
};

// `bytes`: the size of the large and hostile pages (page_bytes).
std::vector<PageShape> pageShapes(std::size_t bytes);

}  // namespace lodestone::bench::research
