// The reader's role family and level, and the format a page takes for them.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "Reader.hpp"

namespace lodestone::content_template {

enum class Format { Playbook, Checklist, Scorecard, RoiEstimate, Briefing };

// From the title by whole-word keywords, in an order that settles titles naming two families
// ("Founder & CTO" is a founder, "Sales Operations Manager" works in sales, "Chief Nursing
// Officer" is clinical); without a title that says, from research's department. `industry`
// tells a school's principal from a principal engineer.
RoleFamily roleFamilyOf(const std::string& title, const std::string& department,
                        const std::string& industry);

// The departments, industries and seniorities roleFamilyOf and levelOf compare research's words
// with: each must be a key or an industry of the vocabulary (vocabulary.yaml), as TemplatePlugin
// checks at configure().
std::vector<std::string> departmentsRead();
std::vector<std::string> industriesRead();
std::vector<std::string> senioritiesRead();

// From research's seniority; the head of a school or college ("Principal", "Headteacher", "Dean")
// leads it whatever research reads into the word.
Level levelOf(const std::string& seniority, RoleFamily family, const std::string& title);

// The project's `format` setting ("auto", "playbook", …); nothing for a word that is none.
std::optional<std::optional<Format>> formatSetting(const std::string& word);

// The format `auto` picks (documented in docs/plugins.md): finance leaders and managers get an
// ROI estimate, other leaders a briefing (a playbook when the company is 50 people or fewer,
// where a leader does the work), sales and marketing managers a playbook, other managers a
// scorecard, practitioners a checklist.
Format automaticFormat(const Reader& reader);

const char* formatName(Format format);

// The phrases roleFamilyOf and levelOf look for in a title (data/role-words.yaml), read with the
// views (see loadViews in Views.hpp): each phrase is lower-case words with single spaces.
struct RoleWords {
    std::vector<std::pair<RoleFamily, std::vector<std::string>>> families;  // in the order tried
    std::vector<std::string> software;         // keeps an engineer at a plant in engineering
    std::vector<std::string> schoolLeader;     // heads a school or college
    std::vector<std::string> notSchoolLeader;  // deputies and assistants of one
};
const RoleWords& roleWords();

}  // namespace lodestone::content_template
