// Role views for those who teach and those who care for patients: about their own classrooms
// and wards, not about how schools or hospitals buy.
#include "Views.hpp"

namespace lodestone::content_template {

const RoleView& educationView() {
    static const RoleView view = {
        RoleFamily::Education,
        "teaching time",
        "staff",
        {"hours staff spend on admin each week", "attendance", "progress against target"},
        "marking admin, data entry and emails from {families}",
        5,
        {{{"Give {teachers} back an hour a week",
           "Staff time is the one resource every improvement at {company} needs, and admin "
           "takes more of it each year.",
           {"Ask staff to log their non-teaching tasks for one week.",
            "Pick the two that take longest and cut, share or automate them in {tools}.",
            "Tell staff what you removed, so they trust the next request."}},
          {"Spot students who are slipping, early",
           "Attendance and missing work usually move weeks before grades do.",
           {"Set up one weekly list of attendance and missing work by tutor group.",
            "Agree who contacts home, and within how many days.",
            "Review the list weekly in ten minutes, not monthly in an hour."}},
          {"Write to {families} once, clearly",
           "Emails from {families} multiply when the first message is unclear.",
           {"Collect the ten questions {families} asked most last term.",
            "Answer them on one page and link it from every letter home.",
            "Send one weekly update instead of many separate letters."}}}},
        {"Ask five colleagues to log their non-teaching tasks this week.",
         "Pull attendance and missing work for one year group.",
         "Note the three questions from {families} you answered most this week."},
        {"Cut, share or automate the two longest admin tasks.",
         "Start the weekly review of slipping students.",
         "Publish the page of questions and answers for {families}."},
        {"Measure staff admin hours again and compare.",
         "Check whether the contacted students' attendance recovered.",
         "Check the new reports against {rule}."},
        {{{"Admin load", "nobody knows how many hours admin takes",
           "admin hours are measured each term and falling"},
          {"Early warning", "slipping students are noticed at report time",
           "a weekly list flags them while there is time to act"},
          {"Keeping in touch", "letters home raise more questions than they answer",
           "one weekly update and a questions page answer most queries"},
          {"Data", "the same data goes into several systems",
           "data is entered once in {tools} and reused"},
          {"Staff voice", "changes are announced to staff",
           "staff say what to remove and hear what changed"}}},
        {"Which two admin tasks leave the weeks of {teachers} this term.",
         "Who contacts home when a student slips, and how fast.",
         "One weekly update to {families} in place of separate letters."},
        {"How many hours a week do our {teachers} spend on admin?",
         "Which students are slipping now, before their grades show it?",
         "What do {families} ask us most often?"},
    };
    return view;
}

const RoleView& healthcareView() {
    static const RoleView view = {
        RoleFamily::Healthcare,
        "clinical time",
        "clinical team",
        {"clinician hours spent on documentation", "days from referral to first appointment",
         "length of stay"},
        "documentation, handovers and chasing results",
        6,
        {{{"Document once",
           "Clinicians often record the same information in two or three places, and each "
           "duplicate is time taken from {customers}.",
           {"Follow one patient's notes from admission to discharge and mark every duplicate "
            "entry.",
            "Agree which record in {tools} is the source for each item.",
            "Remove one duplicate form this month."}},
          {"Make handovers shorter and safer",
           "A structured handover is both faster and safer than a free-form one.",
           {"Use one structure, such as SBAR, for every handover on the {site}.",
            "Keep it to what the next shift must act on.",
            "Audit five handovers a month against it."}},
          {"Find the waits in {unit}",
           "Patients notice waiting more than anything else, and most waits sit between teams.",
           {"Time five recent patient journeys from referral to discharge.",
            "Mark where each waited for a result, a bed or a person.",
            "Fix the most common wait with the team that owns it."}}}},
        {"Follow one patient's notes and mark the duplicate entries.",
         "Observe two handovers and time them.",
         "List last week's longest waits and what caused each."},
        {"Remove one duplicate form or field.", "Adopt one handover structure across the {site}.",
         "Agree the source record in {tools} for each item."},
        {"Measure documentation time again and compare.",
         "Audit handovers monthly against the structure.",
         "Prepare the {site} for {calendar} with the waits you have already removed."},
        {{{"Documentation", "items are recorded in more than one place",
           "each item has one source record in {tools}"},
          {"Handovers", "handovers vary with who gives them",
           "every handover follows one structure and is audited"},
          {"Waits", "waits are noticed when patients complain",
           "the most common waits are measured and owned"},
          {"Safety", "checks under {rule} happen at audit time",
           "those checks are part of the daily routine"},
          {"Capacity", "you meet {calendar} with overtime",
           "capacity is planned ahead from measured demand"}}},
        {"Which duplicate documentation goes first.", "One handover structure for every {site}.",
         "Who owns the most common wait in {unit}."},
        {"How many hours a week do our clinicians spend documenting?",
         "Where do our patients wait longest, and who owns that wait?",
         "What will {calendar} stretch first?"},
    };
    return view;
}

}  // namespace lodestone::content_template
