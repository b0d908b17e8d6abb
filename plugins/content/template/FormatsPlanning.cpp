// The formats that plan the reader's work: a playbook of three plays, a checklist by horizon,
// and a scorecard to rate where they stand.
#include "Prose.hpp"
#include "Writing.hpp"

namespace lodestone::content_template {

Document writePlaybook(const Context& context) {
    const RoleView& role = context.role;
    Document document;
    std::string intro = opening(context, "this playbook is for " + roleAt(context) + ". ") +
                        context.fill(context.industry.pressure);
    const std::string told = toldUs(context);
    intro += "\n\n" + (told.empty() ? "" : told + " ") +
             "The three plays below start with the one that frees time for the others, and each "
             "begins with something you can do this week.";
    document.sections.push_back({"Where " + context.var("company") + " starts", intro});
    document.sections.push_back(playSection(context, role.plays[0]));
    document.sections.push_back(playSection(context, role.plays[1]));
    Section third = playSection(context, role.plays[2]);
    third.body += "\n\n" + atYourSize(context);
    document.sections.push_back(third);
    document.sections.push_back(estimateOrMeasures(context));
    document.sections.push_back(basisSection(context));
    return document;
}

Document writeChecklist(const Context& context) {
    const RoleView& role = context.role;
    const Reader& reader = context.reader;
    Document document;
    std::string intro =
        opening(context, "every item below is sized for " + roleAt(context) + ". ") +
        context.fill(context.industry.pressure);
    const std::string told = toldUs(context);
    intro += "\n\n" + (told.empty() ? "" : told + " ") +
             "Work through the items in order: each one makes the next cheaper.";
    if (!reader.tools.empty()) {
        intro += " Where an item needs data, take it from " + context.var("tools") + ".";
    }
    document.sections.push_back({"How this list fits " + context.var("company"), intro});

    std::string week = itemList(context, {role.thisWeek.begin(), role.thisWeek.end()});
    if (!reader.pain.empty()) {
        week += "\n- Write down the last time " + quoted(reader.pain) +
                " cost you an afternoon, and what it held up.";
    }
    document.sections.push_back({"This week", week});
    document.sections.push_back(
        {"This month", itemList(context, {role.thisMonth.begin(), role.thisMonth.end()})});
    std::string quarter = itemList(context, {role.thisQuarter.begin(), role.thisQuarter.end()});
    quarter += "\n\n" + atYourSize(context);
    document.sections.push_back({"This quarter", quarter});
    document.sections.push_back(estimateOrMeasures(context));
    document.sections.push_back(basisSection(context));
    return document;
}

Document writeScorecard(const Context& context) {
    const RoleView& role = context.role;
    Document document;
    std::string intro = opening(context, "score " + context.var("company") +
                                             " on each area below: 0 if the first description "
                                             "fits, 2 if the second does, 1 if you are between "
                                             "them. Score how things are today, not how they are "
                                             "planned.");
    intro += "\n\nIn " + sizedOrganisation(context) + ", these five areas drive " +
             std::string(role.measures[0]) + " and " + role.measures[1];
    intro += knowsIndustry(context) ? ", and in the end " + context.var("m1") + ". " : ". ";
    const std::string told = toldUs(context);
    intro += told.empty() ? "Ten minutes is enough." : told;
    if (!context.reader.pain.empty()) intro += " Look hardest at the area that touches it.";
    document.sections.push_back({"How to score " + context.var("company"), intro});

    std::string areas;
    for (const Criterion& criterion : role.criteria) {
        areas += (areas.empty() ? "- " : "\n- ") + context.fill(criterion.name) + ": 0 if " +
                 context.fill(criterion.low) + "; 2 if " + context.fill(criterion.high) + ".";
    }
    document.sections.push_back({"The five areas", areas});

    std::string bands = "- 0 to 3: start with " + lowerAscii(role.criteria[0].name) +
                        ". It is the cheapest to fix, and " +
                        (knowsIndustry(context) ? context.var("m1") : role.measures[0]) +
                        " will show it first.\n";
    bands += "- 4 to 7: take your lowest area, give it one owner at " + context.var("company") +
             " and a date, and score again in a month.\n";
    bands += "- 8 to 10: you are ahead of most " + plural(context.var("org")) +
             "; the next gains are in " + context.var("roleLeak") + ".\n\n";
    bands += atYourSize(context);
    document.sections.push_back({"What your total means", bands});
    document.sections.push_back(playSection(
        context, role.plays[0],
        "Whatever your total, this is the first move for " + withArticle(role.team) + ":"));
    document.sections.push_back(estimateOrMeasures(context));
    document.sections.push_back(basisSection(context));
    return document;
}

}  // namespace lodestone::content_template
