// One page parsed by gumbo, Debian's HTML5 parser, within limits a hostile page cannot break.
//
// gumbo (0.10) has no limits of its own: nesting makes it slow (each start tag scans the open
// elements) and misnested formatting elements make it build a tree far larger than the page;
// freeing the tree recurses once per level. So every allocation gumbo makes goes through this
// class: it counts the bytes live, looks at the clock and the cancel flag every few hundred
// calls, and when the parse overruns it leaves gumbo at once (longjmp out of the allocator,
// which gumbo's C code allows: it holds nothing but memory, all of it ours) and frees every
// block it handed out, without walking the tree.
#pragma once

#include <gumbo.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace lodestone::research_web {

struct ParseLimits {
    std::size_t maxBytes = 64u * 1024u * 1024u;  // gumbo's memory live at once
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
    std::function<bool()> cancelled;  // may be empty
};

// The parse overran its limits; what() says which ("used more than 64 MiB", "took longer than
// the time left", "cancelled").
class ParseAborted : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class ParseArena;  // HtmlTree.cpp: the blocks gumbo was given

class HtmlTree {
  public:
    // Parses valid UTF-8 `html` as a whole document. Throws ParseAborted.
    static HtmlTree parse(std::string_view html, const ParseLimits& limits);

    HtmlTree(HtmlTree&&) noexcept;
    HtmlTree& operator=(HtmlTree&&) noexcept;
    ~HtmlTree();

    // The document node: its children are the doctype, comments and the <html> element.
    const GumboNode* document() const noexcept;

  private:
    HtmlTree(std::unique_ptr<ParseArena> arena, GumboOutput* output);

    std::unique_ptr<ParseArena> arena_;
    GumboOutput* output_ = nullptr;  // in arena_'s memory
};

}  // namespace lodestone::research_web
