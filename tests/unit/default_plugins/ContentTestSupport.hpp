// Inputs for content/template: research objects shaped like research/basic's output.
#pragma once

#include "unit/default_plugins/DefaultPluginSupport.hpp"

namespace lodestone::plugins::testing {

// Who the lead is; empty fields are left out of the research, as research/basic does.
struct Profile {
    std::string fullName;
    std::string firstName;
    std::string title;
    std::string seniority = "unknown";
    std::string department;
    std::string company;
    std::string industry;
    std::string sizeBand;
    std::string sizeCategory;
    std::string customJson = "{}";  // research's `custom`: the lead's custom fields
};

inline void setIf(Poco::JSON::Object& object, const char* key, const std::string& value) {
    if (!value.empty()) object.set(key, value);
}

inline Poco::JSON::Object::Ptr researchFor(const Profile& profile) {
    auto person = newObject();
    setIf(*person, "fullName", profile.fullName);
    setIf(*person, "firstName", profile.firstName);
    person->set("email", "lead@example.com");
    setIf(*person, "title", profile.title);
    person->set("seniority", profile.seniority);
    setIf(*person, "department", profile.department);
    auto company = newObject();
    setIf(*company, "name", profile.company);
    setIf(*company, "industry", profile.industry);
    setIf(*company, "sizeBand", profile.sizeBand);
    setIf(*company, "sizeCategory", profile.sizeCategory);
    auto research = newObject();
    research->set("person", person);
    research->set("company", company);
    research->set("custom", parseObject(profile.customJson));
    research->set("facts", Poco::JSON::Array::Ptr(new Poco::JSON::Array()));
    research->set("sources", Poco::JSON::Array::Ptr(new Poco::JSON::Array()));
    return research;
}

// The engine's input: the lead, its research and the project with `settings`.
inline std::string contentInput(const Poco::JSON::Object::Ptr& research,
                                const Poco::JSON::Object::Ptr& settings = newObject(),
                                Poco::JSON::Object::Ptr lead = nullptr) {
    if (!lead) {
        lead = newObject();
        lead->set("email", "lead@example.com");
    }
    auto project = newObject();
    project->set("id", "proj_1");
    project->set("name", "Demo project");
    project->set("settings", settings);
    auto root = newObject();
    root->set("jobId", "job_1");
    root->set("leadId", "lead_1");
    root->set("lead", lead);
    root->set("research", research);
    root->set("project", project);
    return toJson(root);
}

// Settings whose content.template is `templateJson`.
inline Poco::JSON::Object::Ptr settingsWithTemplate(const std::string& templateJson) {
    auto content = newObject();
    content->set("template", parseObject(R"({"t":)" + templateJson + "}")->get("t"));
    auto settings = newObject();
    settings->set("content", content);
    return settings;
}

inline std::vector<std::string> headings(const Poco::JSON::Object::Ptr& document) {
    std::vector<std::string> result;
    const auto sections = document->getArray("sections");
    for (std::size_t i = 0; i < sections->size(); ++i) {
        result.push_back(
            sections->getObject(static_cast<unsigned>(i))->getValue<std::string>("heading"));
    }
    return result;
}

// Every text of the document (title, subtitle, headings, bodies, call to action), one per line.
inline std::string allText(const Poco::JSON::Object::Ptr& document) {
    std::string text = document->getValue<std::string>("title") + "\n" +
                       document->optValue<std::string>("subtitle", "") + "\n";
    const auto sections = document->getArray("sections");
    for (std::size_t i = 0; i < sections->size(); ++i) {
        const auto section = sections->getObject(static_cast<unsigned>(i));
        text += section->getValue<std::string>("heading") + "\n" +
                section->getValue<std::string>("body") + "\n";
    }
    if (const auto action = document->getObject("callToAction")) {
        text += action->getValue<std::string>("text") + "\n";
    }
    return text;
}

inline std::vector<std::string> bodies(const Poco::JSON::Object::Ptr& document) {
    std::vector<std::string> result;
    const auto sections = document->getArray("sections");
    for (std::size_t i = 0; i < sections->size(); ++i) {
        result.push_back(
            sections->getObject(static_cast<unsigned>(i))->getValue<std::string>("body"));
    }
    return result;
}

}  // namespace lodestone::plugins::testing
