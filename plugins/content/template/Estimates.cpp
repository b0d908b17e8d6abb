// Worked estimates from the reader's own numbers. Every figure is shown with the arithmetic that
// made it and the assumption behind it, so the reader can redo it with better numbers.
#include <cmath>

#include "CustomFields.hpp"
#include "Prose.hpp"
#include "Writing.hpp"

namespace lodestone::content_template {
namespace {

// A working year: 46 weeks after leave and public holidays; 1,650 hours of a full-time person.
constexpr double kWorkingWeeks = 46;
constexpr double kFullTimeHours = 1650;

struct TeamGuess {
    double share;  // of the company's head count
    double hours;  // a week each, on the role's routine work
};

// How much of a company a role's team usually is, and the hours each spends on the routine work
// the estimate is about. Leaders and unknown roles count the whole company at one hour a week of
// status chasing; a founder counts their own week.
TeamGuess teamGuess(const Context& context) {
    switch (context.reader.family) {
        case RoleFamily::Executive:
        case RoleFamily::Other:
            return {1.0, 1};
        case RoleFamily::Sales:
            return {0.12, context.role.hoursPerWeek};
        case RoleFamily::Marketing:
            return {0.05, context.role.hoursPerWeek};
        case RoleFamily::Engineering:
            return {0.2, context.role.hoursPerWeek};
        case RoleFamily::Operations:
            return {0.25, context.role.hoursPerWeek};
        case RoleFamily::Finance:
            return {0.03, context.role.hoursPerWeek};
        case RoleFamily::People:
            return {0.02, context.role.hoursPerWeek};
        case RoleFamily::Education:
            return {0.6, context.role.hoursPerWeek};
        case RoleFamily::Healthcare:
            return {0.5, context.role.hoursPerWeek};
        case RoleFamily::It:
            return {0.04, context.role.hoursPerWeek};
        case RoleFamily::Procurement:
            return {0.01, context.role.hoursPerWeek};
        case RoleFamily::Legal:
            return {0.01, context.role.hoursPerWeek};
        case RoleFamily::Admissions:
            return {0.01, context.role.hoursPerWeek};
        case RoleFamily::CustomerSuccess:
            return {0.06, context.role.hoursPerWeek};
    }
    return {1.0, 1};
}

std::string percent(double share) {
    return grouped(share * 100) + "%";
}

}  // namespace

std::optional<Section> timeEstimate(const Context& context) {
    const Reader& reader = context.reader;
    const bool founder = context.role.domain == std::string("growth");
    const TeamGuess guess = teamGuess(context);
    double people = 0;
    double hours = guess.hours;
    std::string who;
    std::string what = context.var("roleLeak");
    if (founder) {
        people = 1;
        hours = context.role.hoursPerWeek;
        who = "If you spend " + grouped(hours) + " hours a week on " + what;
    } else if (const Quantity* team = quantityOf(reader, QuantityKind::Team)) {
        people = team->value;
        who = "You told us " + labelInSentence(team->label) + ": " + team->asWritten +
              ". If each of those people spends " + grouped(hours) + " hours a week on " + what;
    } else {
        std::string basis;
        const auto count = headcount(reader, &basis);
        if (!count) return std::nullopt;
        people = std::max(1.0, std::round(*count * guess.share));
        if (guess.share >= 1.0) {
            what = "chasing status and waiting for answers";
            who = "Take " + basis + ". If each spends one hour a week " + what;
        } else {
            who = "Take " + basis + ". If " + context.var("team") + " is about " +
                  percent(guess.share) + " of them, that is " + grouped(people) +
                  " people; if each spends " + grouped(hours) + " hours a week on " + what;
        }
    }
    const double yearly = people * hours * kWorkingWeeks;
    const double saved = yearly / 4;
    std::string body = who + ", that is " + grouped(people) + " × " + grouped(hours) + " × " +
                       grouped(kWorkingWeeks) + " working weeks = " + grouped(yearly) +
                       " hours a year.\n\n";
    body += "Winning back a quarter of it returns " + grouped(saved) + " hours a year";
    if (founder) {
        body += ": about " + grouped(saved / 40, 0) + " working weeks of your own time, for " +
                context.var("customers") + " and selling.";
    } else if (saved < kFullTimeHours) {
        body += ": about " + grouped(saved / 40) + " working weeks of one person's time at " +
                context.var("company") + ", without hiring anyone.";
    } else {
        const std::string people = grouped(saved / kFullTimeHours, 1);
        body += ", the time of about " + people +
                (people == "1" ? " full-time person at " : " full-time people at ") +
                context.var("company") + ", without hiring anyone.";
    }
    body += "\n\nChange the hours to what you see at " + context.var("company") +
            "; the arithmetic holds.";
    return Section{"The time " + context.var("company") + " could win back", body};
}

std::optional<Section> valueEstimate(const Context& context) {
    const Reader& reader = context.reader;
    std::vector<std::string> paragraphs;
    const auto add = [&](std::string text) {
        if (paragraphs.size() < 2) paragraphs.push_back(std::move(text));
    };
    const Quantity* deal = quantityOf(reader, QuantityKind::DealSize);
    if (const Quantity* revenue = quantityOf(reader, QuantityKind::Revenue)) {
        const double point = revenue->value / 100;
        add("With " + labelInSentence(revenue->label) + " of " + revenue->asWritten +
            ", each percentage point of revenue kept or won is worth " +
            money(point, revenue->currency) +
            " a year. Two points, a fair first-year aim for the "
            "work on this page, is " +
            money(point * 2, revenue->currency) + ".");
    } else if (const Quantity* monthly = quantityOf(reader, QuantityKind::MonthlyRevenue)) {
        const double yearly = monthly->value * 12;
        add("An " + labelInSentence(monthly->label) + " of " + monthly->asWritten + " is " +
            money(yearly, monthly->currency) +
            " a year, so each percentage point of revenue kept is " +
            money(yearly / 100, monthly->currency) + " a year.");
    }
    if (const Quantity* students = quantityOf(reader, QuantityKind::Enrollment)) {
        std::string text = "With " + students->asWritten +
                           " students, each percentage point of "
                           "retention is " +
                           grouped(students->value / 100, 1) +
                           " students who stay rather than leave";
        if (deal) {
            text += "; at " + deal->asWritten + " each, " +
                    money(students->value / 100 * deal->value, deal->currency) + " a year";
        }
        add(text + ".");
    }
    if (const Quantity* beds = quantityOf(reader, QuantityKind::Beds)) {
        const double bedDays = beds->value * 365;
        add("A year of " + beds->asWritten + " beds is " + grouped(bedDays) +
            " bed-days. Freeing 2% of them through shorter waits gives back " +
            grouped(bedDays * 0.02) + " bed-days: the same as opening " +
            grouped(beds->value * 0.02, 1) + " more beds, without building anything.");
    }
    if (const Quantity* customers = quantityOf(reader, QuantityKind::Customers);
        customers && customers->value < 200) {
        // A handful of accounts: each one is a share of the business, not a percentage point.
        const std::string share = grouped(100 / customers->value, 1) + "%";
        std::string text = "With " + customers->asWritten + " " +
                           labelInSentence(customers->label) + ", each one kept is about " + share +
                           " of the business";
        if (deal) {
            text += "; one more kept each year is " + money(deal->value, deal->currency) + " at " +
                    deal->asWritten + " each";
        } else {
            text += ", so keeping one more a year than today is worth roughly " + share +
                    " of revenue, if they are of similar size";
        }
        add(text + ".");
    } else if (customers) {
        std::string text = "With " + customers->asWritten + " " +
                           labelInSentence(customers->label) +
                           ", keeping one more in every hundred is " +
                           grouped(customers->value / 100, 1) + " more each year";
        if (deal) {
            text += ", worth " + money(customers->value / 100 * deal->value, deal->currency) +
                    " at " + deal->asWritten + " each";
        }
        add(text + ".");
    }
    if (const Quantity* budget = quantityOf(reader, QuantityKind::Budget)) {
        add("Moving a tenth of a " + budget->asWritten + " " + labelInSentence(budget->label) +
            " from the weakest programme to the strongest puts " +
            money(budget->value / 10, budget->currency) + " where it already works.");
    }
    if (const Quantity* sites = quantityOf(reader, QuantityKind::Locations)) {
        // An hour a day is a fair saving at one of a few sites; across hundreds it is not.
        const double minutes = sites->value <= 20 ? 60 : 10;
        add("Across " + sites->asWritten + " " + labelInSentence(sites->label) +
            ", a change that saves " + (minutes == 60 ? "one hour" : "ten minutes") +
            " a day in each is " + grouped(sites->value * minutes / 60 * 250) +
            " hours a year, over 250 working days.");
    }
    if (const Quantity* volume = quantityOf(reader, QuantityKind::Volume)) {
        add("Saving two minutes on each of the " + volume->asWritten + " you gave as " +
            quoted(volume->label) + " comes to " + grouped(volume->value * 2 / 60) +
            " hours over the same period.");
    }
    if (deal && paragraphs.empty()) {
        add("At " + deal->asWritten + " a deal, one more win a month is " +
            money(deal->value * 12, deal->currency) + " a year.");
    }
    if (paragraphs.empty()) return std::nullopt;
    std::string body;
    for (const auto& paragraph : paragraphs) body += (body.empty() ? "" : "\n\n") + paragraph;
    body += "\n\nThese are " + context.var("companys") +
            " own figures, not benchmarks; change one and the arithmetic follows.";
    return Section{"What it is worth to " + context.var("company"), body};
}

}  // namespace lodestone::content_template
