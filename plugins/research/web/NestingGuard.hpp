// Where to cut a page whose elements nest too deep, found before gumbo sees it.
//
// gumbo (0.10, Debian's) has no max_tree_depth: each start tag scans the open elements, so a page
// of nested <div>s costs time in the square of its size (2 MiB took the whole page_timeout). A
// lexical scan (tags, comments and raw text told apart, never a pattern over markup) keeps an
// estimate of the open elements: end tags close their element unless a scope boundary (table,
// object, template, ...) lies between, as the HTML tree builder does; p, li, td and the other
// elements whose end tag is implied close their open twin. The page is cut where the estimate
// passes the limit. It is an estimate: what gumbo builds beyond it is still bounded by the
// parser's memory and time limits (HtmlTree.hpp).
#pragma once

#include <cstddef>
#include <string_view>

namespace lodestone::research_web {

inline constexpr std::size_t kMaxParsedNesting = 512;

// The length of `html` to parse: all of it, or the offset of the start tag that would nest past
// `maxDepth`.
std::size_t nestingCut(std::string_view html, std::size_t maxDepth = kMaxParsedNesting);

}  // namespace lodestone::research_web
