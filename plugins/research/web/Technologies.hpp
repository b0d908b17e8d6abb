// Which software a website runs, from a fingerprint file in Wappalyzer's format: per technology
// its categories (`cats`) and patterns over what a page shows of it (`scriptSrc`, `meta`,
// `headers`, `cookies`, `html`), and what it implies (`implies`). Patterns are regular
// expressions over short values (a script's URL, one header, one meta content, one start tag),
// never over the page: each value is cut to 1 KiB first, and a pattern with a literal part is
// tried only on values that contain it.
#pragma once

#include <cstddef>
#include <regex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace lodestone::research_web {

using NamedValues = std::vector<std::pair<std::string, std::string>>;

// What one page shows of the software behind it.
struct PageSignals {
    NamedValues headers;  // the response's, names as sent
    NamedValues cookies;  // from Set-Cookie: name -> value
    std::vector<std::string> scriptSources;
    NamedValues metaTags;  // lower-case name -> content
    std::vector<std::string> startTags;
};

struct Detection {
    std::string name;
    std::vector<std::string> categories;
    std::string clue;  // what gave it away: "script https://js.hs-scripts.com/1.js"
};

// A fingerprint file that cannot be used; what() names the file, the technology and the key.
class FingerprintError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class Fingerprints {
  public:
    // Reads `path` (at most 16 MiB). Throws FingerprintError.
    static Fingerprints load(const std::string& path);
    // `json` as the file's contents; `origin` names it in errors.
    static Fingerprints parse(const std::string& json, const std::string& origin);

    // The technologies `page` matches, each once, in the file's order, then those they imply.
    std::vector<Detection> detect(const PageSignals& page) const;
    std::size_t size() const noexcept { return technologies_.size(); }

  private:
    struct Pattern {
        std::regex regex;
        std::string literal;  // lower case; a value without it cannot match
        bool any = false;     // "": the named header, cookie or meta is there at all
    };
    struct Keyed {
        std::string key;  // header, cookie or meta name, lower case
        Pattern pattern;
    };
    struct Technology {
        std::string name;
        std::vector<std::string> categories;
        std::vector<Pattern> scriptSrc;
        std::vector<Pattern> html;
        std::vector<Keyed> meta;
        std::vector<Keyed> headers;
        std::vector<Keyed> cookies;
        std::vector<std::string> implies;
    };

    // A page's values cut to 1 KiB and lower-cased once, not once per pattern (Technologies.cpp).
    struct Prepared;

    static Pattern compile(const std::string& text, const std::string& where);
    static bool matches(const Pattern& pattern, const std::string& value, const std::string& lower);
    std::string clue(const Technology& technology, const Prepared& page) const;

    std::vector<Technology> technologies_;
};

// Cookie names and values from Set-Cookie values the host joined with ", ".
NamedValues cookiesFrom(const NamedValues& headers);

}  // namespace lodestone::research_web
