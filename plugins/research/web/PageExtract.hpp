// What one HTML page says, read from gumbo's tree: the parts sales research uses. Every list
// and text has a cap, so a page's size never becomes the output's.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "HtmlTree.hpp"

namespace lodestone::research_web {

struct Link {
    std::string url;   // absolute http(s), without fragment
    std::string text;  // the anchor's visible text, collapsed (≤ 200 characters)
};

// A dated entry of a blog or news listing: an <article>'s heading and its <time>.
struct Post {
    std::string title;
    std::string date;  // as the page wrote it (<time datetime> or its text); may be ""
};

struct PageFacts {
    std::string title;                                           // <title>
    std::string description;                                     // <meta name="description">
    std::vector<std::pair<std::string, std::string>> openGraph;  // og:title, og:site_name, ...
    std::vector<std::string> headings;                           // <h1>-<h3>, in order
    std::string summary;                     // the first paragraphs of visible text
    std::vector<std::string> jsonLd;         // <script type="application/ld+json"> contents
    std::vector<Link> links;                 // <a href>, resolved
    std::vector<std::string> scriptSources;  // <script src>, resolved
    std::vector<std::pair<std::string, std::string>> metaTags;  // lower-case name -> content
    std::vector<std::string> startTags;  // each element re-serialised, for html fingerprints
    std::vector<std::string> emails;
    std::vector<std::string> phones;
    std::vector<Post> posts;
    bool tooDeep = false;   // elements nested past kMaxNesting were not read
    bool tooLarge = false;  // the page had more than kMaxElements elements; the rest not read
};

inline constexpr std::size_t kMaxNesting = 256;
inline constexpr std::size_t kMaxElements = 100'000;

// Reads `tree`, the page at `pageUrl` (links resolve against it, or its <base href>). Never
// recurses: the walk keeps its own stack, so nesting costs no call depth.
PageFacts extractPage(const HtmlTree& tree, const std::string& pageUrl);

}  // namespace lodestone::research_web
