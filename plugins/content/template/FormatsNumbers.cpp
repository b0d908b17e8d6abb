// The formats that reason from facts and figures: a worked ROI estimate, and a briefing that
// reads what is known about the company from where the reader sits.
#include "Prose.hpp"
#include "Writing.hpp"

namespace lodestone::content_template {
namespace {

// What the signals research found usually mean for someone running the company.
std::string signalReading(const Context& context) {
    std::string text;
    for (const auto& signal : context.reader.signals) {
        const std::string lower = lowerAscii(signal.text);
        std::string reading;
        if (lower.find("hiring") != std::string::npos) {
            reading =
                "Hiring at this pace puts onboarding on the teams that are already busiest; "
                "each new person's first ninety days decide how soon the hire pays back.";
        } else if (lower.find("raised") != std::string::npos) {
            reading = context.fill(
                "New funding comes with a plan to grow faster than the "
                "processes behind it, and the places where {{unit}} waits "
                "today will be the first to crack.");
        } else if (lower.find("new chief") != std::string::npos) {
            reading = context.fill(
                "A new leader usually resets priorities within two quarters; a "
                "clear view of {{m1}} now shapes that reset.");
        } else if (lower.find("headcount") != std::string::npos) {
            reading =
                "A change in headcount that size changes who does what faster than job "
                "descriptions and routines catch up.";
        }
        if (!reading.empty() && text.find(reading) == std::string::npos) {
            text += (text.empty() ? "" : " ") + reading;
        }
    }
    return text;
}

}  // namespace

Document writeRoiEstimate(const Context& context) {
    const RoleView& role = context.role;
    const Reader& reader = context.reader;
    Document document;
    std::string intro =
        opening(context, "this estimate works from what we know about " + roleAt(context) +
                             ", and shows every step so you can redo it with better numbers.");
    const std::string told = toldUs(context);
    if (!told.empty()) intro += " " + told;
    std::string figures;
    std::string basis;
    for (const auto& quantity : reader.quantities) {
        figures += "\n- " + quantity.label + ": " + quantity.asWritten;
    }
    if (quantityOf(reader, QuantityKind::Employees) == nullptr && headcount(reader, &basis)) {
        figures += "\n- Head count: " + basis;
    }
    if (figures.empty()) {
        intro += "\n\nWe have no figures for " + context.var("company") +
                 " yet, such as revenue, head count or volumes, so the estimates below stay in "
                 "hours. Add one and they sharpen.";
    } else {
        intro += "\n\nThe figures it starts from:\n" + figures;
    }
    document.sections.push_back({"The figures we started from", intro});
    if (auto time = timeEstimate(context)) document.sections.push_back(*time);
    if (auto value = valueEstimate(context)) document.sections.push_back(*value);

    std::string assumptions = context.fill(
        "The estimate is only as good as three assumptions, each easy to check at "
        "{{company}}:\n\n");
    assumptions += "- The hours: " + context.var("team") + " spends about " +
                   grouped(role.hoursPerWeek) + " hours a week each on " + context.var("roleLeak") +
                   ". Log one week to check.\n";
    assumptions +=
        "- The share: a quarter of those hours can be won back, starting with the "
        "step for weeks 3 and 4 below.\n";
    assumptions += context.fill(
        "- The use: recovered hours go to {{customers}} and to work that "
        "moves {{m1}}, not to new meetings.\n\n");
    assumptions +=
        "If the real hours are half, the result halves; if double, it doubles. The "
        "method does not change.";
    document.sections.push_back({"What would have to be true", assumptions});

    std::string check = "- Week 1: log the hours " + context.var("team") + " spends on " +
                        context.var("roleLeak") + ".\n";
    check += "- Week 2: take a baseline of " + std::string(role.measures[0]) + " and " +
             context.var("m1") + " from " + context.var("tools") + ".\n";
    check += "- Weeks 3 and 4: " + uncapitalised(context.fill(role.plays[0].steps[0])) + "\n";
    check += "- Day 30: redo the arithmetic above with the hours you logged.";
    if (!reader.timeline.empty()) {
        check += "\n\nThat fits the timing you gave, " + quoted(reader.timeline) +
                 ", with a month to spare for the decision.";
    }
    document.sections.push_back({"Checking it in 30 days", check});
    document.sections.push_back(basisSection(context));
    return document;
}

Document writeBriefing(const Context& context) {
    const RoleView& role = context.role;
    const Reader& reader = context.reader;
    Document document;
    std::string glance =
        opening(context, "this briefing gathers what we know about " + context.var("company") +
                             " and reads it from where you sit");
    glance += reader.title.empty() ? "." : ", as " + reader.title + ".";
    const auto lines = basisLines(context);
    if (!lines.empty()) {
        glance += "\n\n";
        for (const auto& line : lines) glance += "- " + line + "\n";
    }
    document.sections.push_back({context.var("Company") + " at a glance", trimmed(glance)});

    std::string suggests = context.fill(context.industry.pressure);
    const std::string signals = signalReading(context);
    if (!signals.empty()) suggests += "\n\n" + signals;
    suggests += "\n\n" + atYourSize(context);
    const std::string told = toldUs(context);
    if (!told.empty()) suggests += "\n\n" + told;
    document.sections.push_back({"What it suggests for " + sizedOrganisation(context), suggests});

    document.sections.push_back(
        {"Three decisions for this quarter",
         "Each is a decision rather than a project: " + context.var("team") +
             " can make it in one meeting and check it a month later.\n\n" +
             itemList(context, {role.decisions.begin(), role.decisions.end()})});

    std::string questions = itemList(context, {role.questions.begin(), role.questions.end()});
    if (!reader.pain.empty()) {
        questions += "\n- What would it take for " + quoted(reader.pain) +
                     " to stop being the hardest part by next quarter?";
    }
    document.sections.push_back({"Questions for " + context.var("team"), questions});

    if (auto value = valueEstimate(context)) {
        document.sections.push_back(*value);
    } else if (auto time = timeEstimate(context)) {
        document.sections.push_back(*time);
    } else {
        document.sections.push_back(
            {"Risks worth watching",
             "- " + capitalised(context.var("rule")) +
                 ": any change to how work is done must still satisfy them.\n- " +
                 capitalised(context.var("calendar")) +
                 ": plan changes to land before it, not during it.\n" +
                 context.fill("- Time lost to {{leak}}: it grows quietly with every new hire.")});
    }
    document.sections.push_back({"Where to start this week",
                                 itemList(context, {role.thisWeek.begin(), role.thisWeek.end()})});
    return document;
}

}  // namespace lodestone::content_template
