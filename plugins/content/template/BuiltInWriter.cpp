// The built-in document: the format's sections, plus a title, subtitle and call to action that
// name the reader and their company, tidied so a name's own article never doubles.
#include "Prose.hpp"
#include "Writing.hpp"

namespace lodestone::content_template {
namespace {

std::string titleOf(const Context& context, Format format) {
    const bool named = !context.reader.company.empty();
    const std::string company = context.var("Company");
    const std::string domain = context.role.domain;
    const auto withCompany = [&](const std::string& rest) {
        return named ? company + ": " + rest : capitalised(rest);
    };
    switch (format) {
        case Format::Playbook:
            return withCompany("a 90-day " + domain + " playbook");
        case Format::Checklist:
            return withCompany(withArticle(domain + " checklist"));
        case Format::Scorecard:
            return "How " + context.var("company") + " scores on " + domain;
        case Format::RoiEstimate:
            return withCompany("a worked estimate for " + domain);
        case Format::Briefing: {
            const std::string& name = context.reader.name.full;
            return withCompany(withArticle(domain + " briefing") +
                               (name.empty() ? "" : " for " + isolatedIfRightToLeft(name)));
        }
    }
    return withCompany(domain);
}

std::string promiseOf(const Context& context, Format format) {
    switch (format) {
        case Format::Playbook:
            return "three plays for " + context.var("company") +
                   ", each starting with something you can do this week";
        case Format::Checklist:
            return "nine steps for this week, this month and this quarter, in the order that pays "
                   "back soonest";
        case Format::Scorecard:
            return "five areas to score in ten minutes, and what your total means";
        case Format::RoiEstimate:
            return "worked from the figures we have, with every assumption shown";
        case Format::Briefing:
            return "what we know, what it suggests and the decisions it points to";
    }
    return "";
}

std::string subtitleOf(const Context& context, Format format) {
    const Reader& reader = context.reader;
    const std::string name = isolatedIfRightToLeft(reader.name.full);
    std::string who;
    if (!name.empty()) {
        who = "For " + name + (reader.title.empty() ? "" : ", " + reader.title);
    } else if (!reader.title.empty()) {
        who = "For you, as " + reader.title;
    }
    const std::string promise = promiseOf(context, format);
    return who.empty() ? capitalised(promise) : who + ": " + promise;
}

std::string callToActionOf(const Context& context, Format format) {
    const std::string sender = isolatedIfRightToLeft(context.reader.senderName);
    std::string action;
    switch (format) {
        case Format::Playbook:
            action = "plan the first play for " + context.var("company");
            break;
        case Format::Checklist:
            action = "go through this list for " + context.var("company");
            break;
        case Format::Scorecard:
            action = "compare notes on " + context.var("companys") + " score";
            break;
        case Format::RoiEstimate:
            action = "check these numbers against " + context.var("companys") + " own";
            break;
        case Format::Briefing:
            action = "talk this briefing through";
            break;
    }
    return (sender.empty() ? "Book a 30-minute call to "
                           : "Book 30 minutes with " + sender + " to ") +
           action;
}

}  // namespace

Document writeBuiltIn(const Reader& reader, Format format,
                      const vocabulary::Vocabulary& vocabulary) {
    const Context context = contextFor(reader, vocabulary);
    Document document;
    switch (format) {
        case Format::Playbook:
            document = writePlaybook(context);
            break;
        case Format::Checklist:
            document = writeChecklist(context);
            break;
        case Format::Scorecard:
            document = writeScorecard(context);
            break;
        case Format::RoiEstimate:
            document = writeRoiEstimate(context);
            break;
        case Format::Briefing:
            document = writeBriefing(context);
            break;
    }
    document.title = withoutDoubledArticles(titleOf(context, format));
    document.subtitle = withoutDoubledArticles(subtitleOf(context, format));
    document.callToAction = withoutDoubledArticles(callToActionOf(context, format));
    for (auto& section : document.sections) {
        section.heading = withoutDoubledArticles(capitalised(section.heading));
        section.body = withoutDoubledArticles(section.body);
    }
    return document;
}

}  // namespace lodestone::content_template
