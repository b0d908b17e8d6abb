// What the built-in formats share: the document they produce, the reader's placeholders, and
// the sections every format may use (the facts a page rests on, worked estimates).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "Mustache.hpp"
#include "Reader.hpp"
#include "Roles.hpp"
#include "Views.hpp"

namespace lodestone::content_template {

struct Section {
    std::string heading;
    std::string body;  // paragraphs separated by a blank line, list items starting "- "
};

struct Document {
    std::string title;
    std::string subtitle;
    std::vector<Section> sections;
    std::string callToAction;
};

// One reader's view of the tables, and the values their Mustache placeholders are filled with
// (listed for whoever edits the copy at the top of data/industries.yaml):
//   {{company}} {{Company}}  the company's name, or "your <organisation>" ("Your …" for Company)
//   {{companys}}             its possessive ("Acme's", "Analytical Engines'")
//   {{org}} {{customers}} {{unit}} {{site}} {{m1}} {{m2}} {{m3}} {{rule}} {{calendar}}
//   {{quickWin}} {{leak}}    from the industry view
//   {{tools}}                the tools the reader named or research found, else "the tools you
//                            already use"
//   {{team}} {{domain}} {{roleLeak}}  from the role view
//   {{families}} {{teachers}} {{greeting}}  whom a school writes to, who teaches, the greeting
struct Context {
    const Reader& reader;
    const IndustryView& industry;
    const RoleView& role;
    std::map<std::string, std::string> vars;
    MustacheData values;  // vars, as Mustache reads them

    // `text` with its placeholders filled; values are never read as templates themselves, so
    // lead data cannot reach a placeholder.
    std::string fill(const std::string& text) const;
    const std::string& var(const std::string& name) const;
};

// The industry view is chosen with the industries of `vocabulary` (a parent's view for an
// industry without one).
Context contextFor(const Reader& reader, const vocabulary::Vocabulary& vocabulary);

// Whether the reader's industry has a view of its own. The default view's measures are no
// industry's, so the page does not tell a reader of unknown industry what they are judged on.
bool knowsIndustry(const Context& context);

// "Ada", the full name when its order is family name first, or "" when no name is known.
const std::string& greeting(const Context& context);
// "a 350-person care organisation", "a small software company", "your care organisation".
std::string sizedOrganisation(const Context& context);
// "an operations team", "a sales team".
std::string withArticle(const std::string& phrase);
// "‘Discharge delays’": what the reader wrote, quoted as theirs.
std::string quoted(const std::string& text);
// "wards", "campuses".
std::string plural(const std::string& noun);

// A sentence opening: "Ada, " + rest when there is a name to greet by, else `rest` capitalised.
std::string opening(const Context& context, const std::string& rest);
// "your work as Head of Operations at Acme, a 240-person operation": who the reader is and
// where, as far as we know.
std::string roleAt(const Context& context);
// How the advice is carried out at the reader's company size, in one sentence.
std::string atYourSize(const Context& context);
// What the reader told us (a challenge, an aim, timing, where they found us) in a sentence or
// two; empty when they told us nothing.
std::string toldUs(const Context& context);

// A play as a section: its heading, why it matters, and its steps as a list.
Section playSection(const Context& context, const Play& play, const std::string& lead = "");
// A list of filled items, one "- " line each.
std::string itemList(const Context& context, const std::vector<std::string>& items);

// Everything the page rests on, one line each with its source where research gave one: the
// reader's role, company, size, industry, tools, what they told us and what research found.
std::vector<std::string> basisLines(const Context& context);
Section basisSection(const Context& context);

// The hours the role's routine work takes and what a quarter of them is worth; nothing without
// a team size or a head count to work from.
std::optional<Section> timeEstimate(const Context& context);
// What a number the reader gave is worth per percentage point (revenue, students, beds,
// customers, budget, sites, volumes); nothing without one.
std::optional<Section> valueEstimate(const Context& context);
// The role's measures with a baseline to take before starting.
Section measuresSection(const Context& context);

// The value estimate, else the time estimate, else the measures to take.
Section estimateOrMeasures(const Context& context);

// The formats, each a complete document but for the call to action.
Document writePlaybook(const Context& context);
Document writeChecklist(const Context& context);
Document writeScorecard(const Context& context);
Document writeRoiEstimate(const Context& context);
Document writeBriefing(const Context& context);

// The built-in document for this reader in `format`: every section written for them, the names
// and articles tidied (no "The The"), right-to-left names isolated.
Document writeBuiltIn(const Reader& reader, Format format,
                      const vocabulary::Vocabulary& vocabulary);

}  // namespace lodestone::content_template
