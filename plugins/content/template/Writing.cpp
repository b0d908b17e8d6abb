#include "Writing.hpp"

#include "Prose.hpp"

namespace lodestone::content_template {
namespace {

bool isSmall(const Reader& reader) {
    if (auto count = headcount(reader)) return *count <= 50;
    return reader.sizeCategory == "micro" || reader.sizeCategory == "small";
}

std::string sizeWord(const std::string& category) {
    if (category == "micro") return "very small";
    if (category == "mid_market") return "mid-sized";
    if (category == "enterprise") return "large";
    return category;
}

}  // namespace

std::string withArticle(const std::string& phrase) {
    if (phrase.empty()) return phrase;
    const std::string lower = lowerAscii(phrase);
    const char first = lower[0];
    bool vowel = first == 'a' || first == 'e' || first == 'i' || first == 'o' || first == 'u';
    // Spelled with a vowel but said with a consonant ("a university"), or the other way round
    // ("an hour"); digits as they are read ("an 11-person", "an 8-person", "an 80-person").
    for (const char* sound : {"uni", "use", "usu", "eu", "one"}) {
        if (lower.starts_with(sound)) vowel = false;
    }
    for (const char* sound : {"hour", "honest", "8", "11-", "18", "80"}) {
        if (lower.starts_with(sound)) vowel = true;
    }
    return (vowel ? "an " : "a ") + phrase;
}

std::string Context::fill(const std::string& text) const {
    return render({text, "the built-in writer's copy"}, values);
}

const std::string& Context::var(const std::string& name) const {
    static const std::string none;
    const auto found = vars.find(name);
    return found == vars.end() ? none : found->second;
}

// A university or college: the company's name or the reader's title says so.
static bool isHigherEducation(const Reader& reader) {
    if (reader.industry != "Education") return false;
    const std::string name = lowerAscii(reader.company);
    const std::string title = lowerAscii(reader.title);
    for (const char* word : {"university", "college", "polytechnic", "institute of", "school of"}) {
        if (name.find(word) != std::string::npos) return true;
    }
    for (const char* word : {"registrar", "provost", "dean", "professor", "lecturer", "bursar"}) {
        if (title.find(word) != std::string::npos) return true;
    }
    return false;
}

Context contextFor(const Reader& reader, const vocabulary::Vocabulary& vocabulary) {
    const bool higherEducation = isHigherEducation(reader);
    Context context{
        reader,
        industryView(vocabulary, higherEducation ? "Higher Education" : reader.industry),
        roleView(reader.family, isSmall(reader)),
        {},
        {}};
    const IndustryView& industry = context.industry;
    auto& vars = context.vars;
    const std::string company = isolatedIfRightToLeft(reader.company);
    vars["company"] = company.empty() ? std::string("your ") + industry.organisation : company;
    vars["Company"] = company.empty() ? std::string("Your ") + industry.organisation : company;
    vars["companys"] = possessive(vars["company"]);
    vars["org"] = industry.organisation;
    vars["customers"] = industry.customers;
    vars["unit"] = industry.workUnit;
    vars["site"] = industry.site;
    vars["m1"] = industry.measures[0];
    vars["m2"] = industry.measures[1];
    vars["m3"] = industry.measures[2];
    vars["rule"] = industry.rule;
    vars["calendar"] = industry.calendar;
    vars["quickWin"] = industry.quickWin;
    vars["tools"] = reader.tools.empty() ? "the tools you already use" : listed(reader.tools);
    vars["team"] = std::string("your ") + context.role.team;
    vars["domain"] = context.role.domain;
    vars["greeting"] = isolatedIfRightToLeft(reader.name.greeting);
    // Whom a school's staff write to, and who teaches: parents and teachers at a school,
    // students and academic staff at a university.
    vars["families"] = higherEducation ? "students" : "parents";
    vars["teachers"] = higherEducation ? "academic staff" : "teachers";
    for (const auto& [name, value] : vars) context.values.set(name, value);
    // The leaks go into sentences the copy fills, and may name people the other values give
    // (a school's leak is "emails from {{families}}"): filled first, then set like the rest.
    for (const auto& [name, leak] :
         {std::pair{"leak", industry.leak}, {"roleLeak", context.role.leak}}) {
        vars[name] = context.fill(leak);
        context.values.set(name, vars[name]);
    }
    return context;
}

bool knowsIndustry(const Context& context) {
    return &context.industry != &defaultIndustryView();
}

const std::string& greeting(const Context& context) {
    return context.var("greeting");
}

std::string sizedOrganisation(const Context& context) {
    const Reader& reader = context.reader;
    const std::string org = context.industry.organisation;
    if (const Quantity* staff = quantityOf(reader, QuantityKind::Employees)) {
        return withArticle(staff->asWritten + "-person " + org);
    }
    if (reader.employees) return withArticle(grouped(*reader.employees) + "-person " + org);
    if (const std::string range = sizeRange(reader); !range.empty()) {
        return withArticle(org) + " of " + range + " people";
    }
    if (!reader.sizeCategory.empty()) return withArticle(sizeWord(reader.sizeCategory) + " " + org);
    return "your " + org;
}

std::string quoted(const std::string& text) {
    return "\u201C" + text + "\u201D";
}

std::string plural(const std::string& noun) {
    if (noun.empty()) return noun;
    if (noun.ends_with("s") || noun.ends_with("x") || noun.ends_with("ch") ||
        noun.ends_with("sh")) {
        return noun + "es";
    }
    if (noun.size() > 1 && noun.back() == 'y' &&
        std::string("aeiou").find(noun[noun.size() - 2]) == std::string::npos) {
        return noun.substr(0, noun.size() - 1) + "ies";
    }
    return noun + "s";
}

Section playSection(const Context& context, const Play& play, const std::string& lead) {
    std::string body = lead.empty() ? "" : lead + "\n\n";
    body += context.fill(play.why) + "\n\n";
    std::vector<std::string> steps(play.steps.begin(), play.steps.end());
    body += itemList(context, steps);
    return {context.fill(play.heading), body};
}

std::string itemList(const Context& context, const std::vector<std::string>& items) {
    std::string list;
    for (const auto& item : items) list += (list.empty() ? "- " : "\n- ") + context.fill(item);
    return list;
}

std::vector<std::string> basisLines(const Context& context) {
    const Reader& reader = context.reader;
    std::vector<std::string> lines;
    if (!reader.title.empty()) {
        lines.push_back("Your role: " + reader.title +
                        (reader.company.empty() ? "" : " at " + context.var("company")));
    } else if (!reader.company.empty()) {
        lines.push_back("Your company: " + context.var("company"));
    }
    const std::string range = sizeRange(reader);
    if (quantityOf(reader, QuantityKind::Employees)) {
        // Listed with the other numbers the lead gave, below.
    } else if (reader.employees) {
        lines.push_back(
            "Size: " + grouped(*reader.employees) + " people" +
            (reader.employeesSource.empty() ? "" : " (source: " + reader.employeesSource + ")"));
    } else if (!range.empty()) {
        lines.push_back("Size: " + range + " people");
    } else if (!reader.sizeAsWritten.empty()) {
        lines.push_back("Size: " + reader.sizeAsWritten);
    }
    if (!reader.industry.empty()) {
        lines.push_back("Industry: " + reader.industry +
                        (reader.country.empty() ? "" : ", based in " + reader.country));
    } else if (!reader.country.empty()) {
        lines.push_back("Based in " + reader.country);
    }
    if (!reader.tools.empty()) {
        lines.push_back(
            "Tools: " + listed(reader.tools) +
            (reader.toolsSource.empty() ? "" : " (source: " + reader.toolsSource + ")"));
    }
    if (!reader.pain.empty()) lines.push_back("What you said is hardest: " + quoted(reader.pain));
    if (!reader.goal.empty()) lines.push_back("What you want to achieve: " + quoted(reader.goal));
    if (!reader.timeline.empty()) lines.push_back("Your timing: " + reader.timeline);
    if (!reader.origin.empty()) lines.push_back("Where you found us: " + reader.origin);
    for (const auto& quantity : reader.quantities) {
        lines.push_back(quantity.label + ": " + quantity.asWritten);
    }
    for (const auto& [label, value] : reader.otherFields) lines.push_back(label + ": " + value);
    if (!reader.description.empty()) {
        lines.push_back("In " + context.var("companys") +
                        " own words: " + quoted(reader.description));
    }
    for (const auto* list : {&reader.signals, &reader.findings}) {
        for (const auto& fact : *list) {
            lines.push_back(fact.text +
                            (fact.source.empty() ? "" : " (source: " + fact.source + ")"));
        }
    }
    return lines;
}

Section basisSection(const Context& context) {
    const auto lines = basisLines(context);
    std::string body;
    if (lines.empty()) {
        body = "This page is written from what a " + std::string(context.role.team) +
               " usually faces. Tell us more about " + context.var("company") +
               " and the next one will be about you alone.";
    } else {
        body = "Everything above was chosen from these facts about " + context.var("company") +
               ". If one is wrong, the advice that rests on it may be too.\n\n";
        for (const auto& line : lines) body += "- " + line + "\n";
    }
    return {"What this page is based on", trimmed(body)};
}

Section measuresSection(const Context& context) {
    const RoleView& role = context.role;
    std::string body =
        "Write these down before you change anything, so that in ninety days the difference is a "
        "number rather than an impression:\n\n";
    for (const auto& measure : role.measures) body += "- " + capitalised(measure) + "\n";
    if (knowsIndustry(context)) {
        body += "- " + capitalised(context.var("m1")) + ", the measure every " +
                context.var("org") + " is judged on\n";
    }
    body += "\n";
    body += "Take each from " + context.var("tools") +
            " where you can, so the next reading costs nothing.";
    return {"How you will know it worked", body};
}

static std::string salutation(const Context& context) {
    return greeting(context).empty() ? "" : greeting(context) + ", ";
}

// Opens a sentence after an optional salutation: lower-case after "Ada, ", capital otherwise.
std::string opening(const Context& context, const std::string& rest) {
    const std::string hello = salutation(context);
    return hello.empty() ? capitalised(rest) : hello + rest;
}

// "your work as Head of Operations at Acme": who the reader is, as far as we know.
std::string roleAt(const Context& context) {
    const Reader& reader = context.reader;
    std::string text = "your work";
    if (!reader.title.empty()) text += " as " + reader.title;
    if (!reader.company.empty()) text += " at " + context.var("company");
    const std::string sized = sizedOrganisation(context);
    if (!sized.starts_with("your ")) text += ", " + sized;
    return text;
}

std::string atYourSize(const Context& context) {
    const Reader& reader = context.reader;
    const auto count = headcount(reader);
    const std::string& category = reader.sizeCategory;
    if ((count && *count <= 10) || (!count && category == "micro")) {
        return "With a team this small, each change here is an afternoon's work, not a project.";
    }
    if ((count && *count <= 50) || (!count && category == "small")) {
        return "At your size there is no spare team to hand changes to, so each one has to fit "
               "inside a normal week.";
    }
    if ((count && *count <= 1000) || (!count && category == "mid_market")) {
        return "At your size, a change works best started in one team and spread once the "
               "numbers say so.";
    }
    if (count || category == "enterprise") {
        return context.fill(
            "At your size, each change is best proven in one {{site}} first, with "
            "its measure agreed before anything moves.");
    }
    return "Start each change small and spread it once it works.";
}

// What the reader told us, in one or two sentences; empty when they told us nothing.
std::string toldUs(const Context& context) {
    const Reader& reader = context.reader;
    std::string text;
    if (!reader.pain.empty() && !reader.goal.empty()) {
        text = "You told us the hardest part right now is " + quoted(reader.pain) +
               ", and that you want " + quoted(reader.goal) + ".";
    } else if (!reader.pain.empty()) {
        text = "You told us the hardest part right now is " + quoted(reader.pain) + ".";
    } else if (!reader.goal.empty()) {
        text = "You told us you want " + quoted(reader.goal) + ".";
    }
    if (!reader.timeline.empty()) {
        text += std::string(text.empty() ? "" : " ") + "On timing you said " +
                quoted(reader.timeline) + ".";
    }
    if (!reader.origin.empty()) {
        text += std::string(text.empty() ? "" : " ") + "You found us through " +
                quoted(reader.origin) + ".";
    }
    return text;
}

Section estimateOrMeasures(const Context& context) {
    if (auto value = valueEstimate(context)) return *value;
    if (auto time = timeEstimate(context)) return *time;
    return measuresSection(context);
}

}  // namespace lodestone::content_template
