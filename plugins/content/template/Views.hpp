// The built-in writer's tables: how each industry looks from the inside (what the reader runs,
// who they serve, what they measure and what presses on them) and what each role family works
// on. Texts hold {placeholders} filled per reader (see Writing.hpp); a placeholder never starts
// a sentence except {Company}, which is capitalised for that.
#pragma once

#include <array>
#include <string>

#include "Reader.hpp"

namespace lodestone::content_template {

struct IndustryView {
    const char* industry;      // research's canonical name; "" for the default view
    const char* organisation;  // what the reader runs: "care organisation", "school"
    const char* customers;     // whom it serves: "patients"
    const char* workUnit;      // one piece of work end to end
    const char* site;          // where work happens: "ward", "store", "line"
    std::array<const char*, 3> measures;
    const char* pressure;  // one sentence: what presses on the reader's work
    const char* rule;      // the rules the work answers to
    const char* calendar;  // the season that sets the pace
    const char* quickWin;  // one thing to do this week, an imperative sentence
    const char* leak;      // where hours go without anyone choosing it
};

// The view of `industry`, or the default view for one the table does not know. "Higher
// Education" is Education as a university or college sees it.
const IndustryView& industryView(const std::string& industry);

struct Play {
    const char* heading;
    const char* why;  // a sentence or two
    std::array<const char*, 3> steps;
};

struct Criterion {
    const char* name;
    const char* low;   // what scoring 0 looks like
    const char* high;  // what scoring 2 looks like
};

struct RoleView {
    RoleFamily family;
    const char* domain;  // what the reader's job is about: "the pipeline", "care"
    const char* team;    // "sales team"
    std::array<const char*, 3> measures;
    const char* leak;     // where the role's hours go
    double hoursPerWeek;  // a cautious guess at those hours per person, for the estimate
    std::array<Play, 3> plays;
    std::array<const char*, 3> thisWeek;
    std::array<const char*, 3> thisMonth;
    std::array<const char*, 3> thisQuarter;
    std::array<Criterion, 5> criteria;
    std::array<const char*, 3> decisions;
    std::array<const char*, 3> questions;
};

// The view of a role family. An executive of a company of 50 or fewer gets the founder's view:
// hands-on work rather than governance.
const RoleView& roleView(RoleFamily family, bool smallCompany);

// Defined in the table files, one per group of role families.
const RoleView& executiveView();
const RoleView& founderView();
const RoleView& financeView();
const RoleView& peopleView();
const RoleView& salesView();
const RoleView& marketingView();
const RoleView& engineeringView();
const RoleView& operationsView();
const RoleView& educationView();
const RoleView& healthcareView();
const RoleView& otherView();

}  // namespace lodestone::content_template
