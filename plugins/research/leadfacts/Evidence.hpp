// How research-basic knows what it reports (docs/plugins.md, "What research found, where it found
// it, and how sure it is"): every finding and profile value says where it came from.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace lodestone::research_basic {

// research-basic reads nothing itself, so its values are the client's or deduced from them;
// `Research` is there for the contract's sake.
enum class Evidence { Client, Research, Inferred };

// "client", "research", "inferred".
const char* evidenceName(Evidence evidence);

// A fact for people to read, with the field (or the field and words) it came from.
struct Finding {
    std::string text;
    std::string source;
    Evidence evidence;
};

// `label: "words"`, quoting the words a value was deduced from: the whole text when it is short,
// else the words around bytes [begin, end) with "…" where it was cut. White space runs read as
// one space.
std::string quotedSource(std::string_view label, std::string_view text, std::size_t begin,
                         std::size_t end);

// `text`, trimmed, white space runs as one space, cut at a word boundary to about `limit` bytes
// with "…" when longer: client text quoted in a finding.
std::string excerpt(std::string_view text, std::size_t limit);

}  // namespace lodestone::research_basic
