// The built-in writer's tables: how each industry looks from the inside (what the reader runs,
// who they serve, what they measure and what presses on them) and what each role family works
// on. They are data (data/industries.yaml, data/roles-*.yaml, compiled into the plugin), read
// once when the plugin loads. Texts are Mustache templates filled per reader (see Writing.hpp); a
// placeholder never starts a sentence except {{Company}}, which is capitalised for that.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "Reader.hpp"

namespace lodestone::vocabulary {
struct Vocabulary;
}  // namespace lodestone::vocabulary

namespace lodestone::content_template {

struct IndustryView {
    std::string organisation;  // what the reader runs: "care organisation", "school"
    std::string customers;     // whom it serves: "patients"
    std::string workUnit;      // one piece of work end to end
    std::string site;          // where work happens: "ward", "store", "line"
    std::array<std::string, 3> measures;
    std::string pressure;  // one sentence: what presses on the reader's work
    std::string rule;      // the rules the work answers to
    std::string calendar;  // the season that sets the pace
    std::string quickWin;  // one thing to do this week, an imperative sentence
    std::string leak;      // where hours go without anyone choosing it
};

// The view of `industry`, else that of its parent in `vocabulary` (vocabulary.yaml), else the
// default view. "Higher Education" is Education as a university or college sees it.
const IndustryView& industryView(const vocabulary::Vocabulary& vocabulary,
                                 const std::string& industry);
// The view of an industry without one of its own.
const IndustryView& defaultIndustryView();

// The industries industries.yaml gives a view of, each of which the vocabulary must name.
std::vector<std::string> industryViewNames();

struct Play {
    std::string heading;
    std::string why;  // a sentence or two
    std::array<std::string, 3> steps;
};

struct Criterion {
    std::string name;
    std::string low;   // what scoring 0 looks like
    std::string high;  // what scoring 2 looks like
};

struct RoleView {
    std::string domain;  // what the reader's job is about: "the pipeline", "care"
    std::string team;    // "sales team"
    std::array<std::string, 3> measures;
    std::string leak;         // where the role's hours go
    double hoursPerWeek = 0;  // a cautious guess at those hours per person, for the estimate
    std::array<Play, 3> plays;
    std::array<std::string, 3> thisWeek;
    std::array<std::string, 3> thisMonth;
    std::array<std::string, 3> thisQuarter;
    std::array<Criterion, 5> criteria;
    std::array<std::string, 3> decisions;
    std::array<std::string, 3> questions;
};

// The view of a role family. An executive of a company of 50 or fewer gets the founder's view:
// hands-on work rather than governance.
const RoleView& roleView(RoleFamily family, bool smallCompany);

// Reads the tables if they have not been read yet. Throws std::runtime_error naming the file and
// the key when a file is not YAML, lacks a key or a role view, or holds a text that is not valid
// Mustache: a plugin built with such data must not load.
void loadViews();

}  // namespace lodestone::content_template
