// The reader's role family and level, and the format a page takes for them.
#pragma once

#include <optional>
#include <string>

#include "Reader.hpp"

namespace lodestone::content_template {

enum class Format { Playbook, Checklist, Scorecard, RoiEstimate, Briefing };

// From the title by whole-word keywords, in an order that settles titles naming two families
// ("Founder & CTO" is a founder, "Sales Operations Manager" works in sales, "Chief Nursing
// Officer" is clinical); without a title that says, from research's department. `industry`
// tells a school's principal from a principal engineer.
RoleFamily roleFamilyOf(const std::string& title, const std::string& department,
                        const std::string& industry);

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

}  // namespace lodestone::content_template
