// Which of a home page's links lead to the pages sales research reads: careers, about, news,
// customers, team and pricing, judged by the link's path and its words.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "PageExtract.hpp"

namespace lodestone::research_web {

enum class PageKind { Home, Careers, About, News, Customers, Team, Pricing };

// "home", "careers", ...: for sources and messages.
std::string_view kindName(PageKind kind);

struct PickedLink {
    std::string url;
    PageKind kind;
};

// The kind a link leads to, if it is one of those worth reading; Home when it is none.
PageKind kindOfLink(const Link& link);

// At most `max` same-site links, one per kind, in the order of kinds above (hiring signals
// first); for each kind the link with the shortest path, the first on the page among equals.
std::vector<PickedLink> pickLinks(const std::vector<Link>& links, const std::string& siteHost,
                                  const std::string& domain, std::size_t max);

}  // namespace lodestone::research_web
