// Rendering a step for one prospect, and the variables it is rendered with.
#include <Poco/String.h>

#include <array>

#include "domain/JsonValues.hpp"
#include "outreach/sequence/Sequence.hpp"
#include "outreach/sequence/StepTemplates.hpp"

namespace lodestone::outreach {
namespace {

// Words before a given name that are no part of it; compared lowercased, without a final dot.
constexpr std::array<std::string_view, 10> kSalutations{"mr", "mrs",  "ms",  "miss", "mx",
                                                        "dr", "prof", "sir", "dame", "rev"};

std::vector<std::string> wordsOf(const std::string& text) {
    std::vector<std::string> words;
    std::string word;
    for (char c : text + ' ') {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            if (!word.empty()) words.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    return words;
}

bool isSalutation(std::string word) {
    if (!word.empty() && word.back() == '.') word.pop_back();
    word = Poco::toLower(word);
    for (auto salutation : kSalutations) {
        if (word == salutation) return true;
    }
    return false;
}

// "Grace Hopper" -> "Grace", "Dr. Grace Hopper" -> "Grace". A salutation and one word ("Dr.
// Hopper") is how the contact is addressed, so it stays whole rather than reading "Hi Hopper".
std::string firstNameOf(const std::string& contactName) {
    const auto words = wordsOf(contactName);
    if (words.empty()) return "";
    std::size_t first = 0;
    while (first < words.size() && isSalutation(words[first])) ++first;
    if (first == words.size()) return words.front();
    if (first > 0 && first + 1 == words.size()) return Poco::trim(contactName);
    std::string name = words[first];
    if (name.size() > 1 && name.back() == ',') {
        // "Hopper, Grace": the family name first, as directories list people.
        if (first + 1 < words.size()) return words[first + 1];
        name.pop_back();
    }
    return name;
}

void setText(Poco::JSON::Object& variables, const std::string& key, const std::string& text) {
    if (!text.empty()) variables.set(key, text);
}

}  // namespace

RenderedEmail renderStep(const SequenceStep& step, const Poco::JSON::Object& variables) {
    const auto compiled = step.compiled ? step.compiled : compileStep(step, "steps");
    const auto data = mustacheData(variables);
    RenderedEmail email;
    email.subject = foldedSubject(compiled->subject.render(data));
    email.text = compiled->text.render(data);
    if (compiled->html) email.html = compiled->html->render(data);
    return email;
}

Poco::JSON::Object::Ptr sequenceVariables(const domain::Prospect& prospect,
                                          const std::optional<Poco::JSON::Object::Ptr>& research,
                                          std::string bookingUrl, std::string unsubscribeUrl,
                                          const std::optional<LeadMagnetLink>& leadMagnet) {
    const auto body = domain::parseObject(prospect.inputJson, "the stored prospect");
    auto variables = domain::orderedObject();
    setText(*variables, "firstName", firstNameOf(prospect.contactName));
    setText(*variables, "contactName", prospect.contactName);
    setText(*variables, "companyName", prospect.companyName);
    setText(*variables, "title", prospect.title.value_or(""));
    setText(*variables, "email", prospect.email);
    setText(*variables, "domain", prospect.domain.value_or(""));
    setText(*variables, "bookingUrl", bookingUrl);
    setText(*variables, "unsubscribeUrl", unsubscribeUrl);
    if (leadMagnet) {
        setText(*variables, "leadMagnetUrl", leadMagnet->url);
        setText(*variables, "leadMagnetTitle", leadMagnet->title);
    }
    if (prospect.score) variables->set("score", *prospect.score);
    for (const char* key : {"researchData", "customData"}) {
        if (auto object = body->getObject(key)) variables->set(key, object);
    }
    if (research && *research) variables->set("research", *research);
    return variables;
}

}  // namespace lodestone::outreach
