// The measures ContentVarietyTest applies to pages written for a fixed set of prospects: how many
// facts about the prospect a page states, and how many sections pages for different readers
// share. Defined here, in one place, so the numbers the test prints mean one thing:
//
// - A *fact specific to the prospect* is a value the fixture gives for that prospect: its
//   company, title and size as submitted, each custom-field value, and what research adds (each
//   finding's text, each technology, the head count and the country). It is *stated* when it
//   appears on the rendered page's visible text, compared case-insensitively with whitespace
//   collapsed; a number also counts written with thousands separators (1,200), and a list (a JSON
//   array, or text of comma-separated items) counts when every item appears. The person's name
//   and the industry are not counted: a greeting is not a fact, and an industry is shared by many.
// - Two *sections are shared* when the Jaccard similarity of their sets of word 3-shingles
//   exceeds 0.8 (heading and body together; words are runs of letters and digits, lower-cased).
//   For a pair of pages, the *shared fraction* is the number of sections of either page shared
//   with some section of the other, over the number of sections of both. Pairs are taken between
//   prospects whose industries or seniorities (as research reads them) differ.
// - A *paragraph* is a blank-line-separated block of a section's body; it *reappears* when the
//   same words form a paragraph on another prospect's page.
#pragma once

#include <Poco/JSON/Object.h>

#include <set>
#include <string>
#include <vector>

namespace lodestone::plugins::testing {

// The visible text of a page: the body without tags, entities decoded, whitespace collapsed,
// Unicode bidi isolates (U+2068, U+2069) removed.
std::string visibleText(const std::string& html);

// Lower-cased words: runs of ASCII letters and digits, and of bytes outside ASCII.
std::vector<std::string> wordsOf(const std::string& text);

std::set<std::string> shinglesOf(const std::string& text, std::size_t size = 3);

double jaccard(const std::set<std::string>& a, const std::set<std::string>& b);

// A section's heading and body as one text.
std::vector<std::string> sectionTexts(const Poco::JSON::Object::Ptr& document);

// Sections of `a` and of `b` shared with the other, over all sections of both.
double sharedFraction(const std::vector<std::string>& a, const std::vector<std::string>& b);

// The paragraphs of a document's section bodies, as normalised word strings.
std::vector<std::string> paragraphsOf(const Poco::JSON::Object::Ptr& document);

// The prospect's facts (see above): each is one or more strings that must all appear.
std::vector<std::vector<std::string>> prospectFacts(const Poco::JSON::Object::Ptr& prospect);
std::vector<std::vector<std::string>> customFieldFacts(const Poco::JSON::Object::Ptr& prospect);

// Whether `fact` is stated on `text` (visibleText of the page).
bool states(const std::string& text, const std::vector<std::string>& fact);

}  // namespace lodestone::plugins::testing
