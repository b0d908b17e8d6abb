#include "ClientFindings.hpp"

#include <Poco/JSON/Array.h>

#include <cmath>
#include <cstdio>

#include "Text.hpp"

namespace lodestone::research_basic {
namespace {

using Poco::JSON::Object;

// Client text quoted in a finding: enough to read, not a whole document.
constexpr std::size_t kQuotedText = 300;
// extraContext is free-form: a few findings from it, not one per key of a large object.
constexpr std::size_t kExtraContextFindings = 10;

std::optional<std::string> textAt(const Object* object, const std::string& key) {
    if (!object || !object->has(key) || !object->get(key).isString()) return std::nullopt;
    std::string text = trim(object->get(key).extract<std::string>());
    if (text.empty()) return std::nullopt;
    return text;
}

std::optional<double> numberAt(const Object* object, const std::string& key) {
    if (!object || !object->has(key)) return std::nullopt;
    const auto value = object->get(key);
    if (value.isEmpty() || value.isBoolean() || !value.isNumeric()) return std::nullopt;
    return value.convert<double>();
}

std::optional<bool> flagAt(const Object* object, const std::string& key) {
    if (!object || !object->has(key) || !object->get(key).isBoolean()) return std::nullopt;
    return object->get(key).convert<bool>();
}

const Object* objectAt(const Object* object, const std::string& key) {
    if (!object || !object->has(key)) return nullptr;
    const auto value = object->get(key);
    if (value.type() != typeid(Object::Ptr)) return nullptr;
    return value.extract<Object::Ptr>().get();
}

std::vector<std::string> textsAt(const Object* object, const std::string& key) {
    std::vector<std::string> texts;
    if (!object || !object->has(key)) return texts;
    const auto value = object->get(key);
    if (value.type() != typeid(Poco::JSON::Array::Ptr)) return texts;
    const auto array = value.extract<Poco::JSON::Array::Ptr>();
    for (std::size_t i = 0; i < array->size(); ++i) {
        const auto item = array->get(static_cast<unsigned>(i));
        if (item.isString() && !trim(item.extract<std::string>()).empty()) {
            texts.push_back(trim(item.extract<std::string>()));
        }
    }
    return texts;
}

// 10000000 -> "10,000,000"; 2.5 -> "2.5".
std::string numberText(double value) {
    if (value != std::floor(value) || std::fabs(value) >= 1e15) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%g", value);
        return buffer;
    }
    std::string digits = std::to_string(static_cast<long long>(std::fabs(value)));
    for (auto at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3) {
        digits.insert(static_cast<std::size_t>(at), ",");
    }
    return (value < 0 ? "-" : "") + digits;
}

// 0.25 -> "25%", -0.1 -> "-10%", 0.125 -> "12.5%".
std::string percentText(double fraction) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", fraction * 100);
    std::string text = buffer;
    if (text.ends_with(".0")) text.resize(text.size() - 2);
    return text + "%";
}

void fundingFindings(const Object* funding, Notes& notes) {
    std::vector<std::string> parts;
    if (auto round = textAt(funding, "round")) parts.push_back(*round);
    if (auto amount = numberAt(funding, "amount")) parts.push_back(numberText(*amount));
    if (auto date = textAt(funding, "date")) parts.push_back("in " + *date);
    if (parts.empty()) return;
    std::string text = "Latest funding:";
    for (const auto& part : parts) text += " " + part;
    notes.fact(text, "company.signals.recentFunding", Evidence::Client);
}

void hiringFindings(const Object* hiring, Notes& notes) {
    const auto isHiring = flagAt(hiring, "isHiring");
    const auto openRoles = numberAt(hiring, "openRoles");
    const auto departments = textsAt(hiring, "departments");
    std::string text;
    if (isHiring == false || (!isHiring && openRoles && *openRoles <= 0)) {
        text = "Not hiring";
    } else if (isHiring == true || openRoles || !departments.empty()) {
        text = "Hiring";
        if (openRoles) {
            text +=
                ": " + numberText(*openRoles) + (*openRoles == 1 ? " open role" : " open roles");
        }
        if (!departments.empty()) text += " in " + plugin_text::listed(departments);
    } else {
        return;
    }
    notes.fact(text, "company.signals.hiringSignals", Evidence::Client);
}

void signalFindings(const Object* signals, Notes& notes) {
    fundingFindings(objectAt(signals, "recentFunding"), notes);
    hiringFindings(objectAt(signals, "hiringSignals"), notes);
    for (const auto& news : textsAt(objectAt(signals, "newsSignals"), "recentNews")) {
        notes.fact("In the news: " + excerpt(news, kQuotedText), "company.signals.newsSignals",
                   Evidence::Client);
    }
    const Object* leadership = objectAt(signals, "leadershipChanges");
    std::vector<std::string> newLeaders;
    if (flagAt(leadership, "newCeo") == true) newLeaders.push_back("a new CEO");
    if (flagAt(leadership, "newCro") == true) newLeaders.push_back("a new CRO");
    if (!newLeaders.empty()) {
        notes.fact("Has " + plugin_text::listed(newLeaders), "company.signals.leadershipChanges",
                   Evidence::Client);
    }
    const Object* growth = objectAt(signals, "growthIndicators");
    for (const auto& [key, noun] : {std::pair{"employeeGrowth", "Headcount growth: "},
                                    std::pair{"revenueGrowth", "Revenue growth: "}}) {
        if (auto figure = numberAt(growth, key)) {
            notes.fact(noun + percentText(*figure), "company.signals.growthIndicators",
                       Evidence::Client);
        }
    }
}

// The client's company data beyond the industry and size the lead carries.
void companyDataFindings(const Object& company, Notes& notes) {
    if (auto description = textAt(&company, "description")) {
        notes.fact("About the company: " + excerpt(*description, kQuotedText),
                   "company.description", Evidence::Client);
    }
    const auto technologies = textsAt(&company, "technologies");
    if (!technologies.empty()) {
        notes.fact("Uses " + plugin_text::listed(technologies), "company.technologies",
                   Evidence::Client);
    }
    signalFindings(objectAt(&company, "signals"), notes);
}

// Plain values of extraContext, one level of nesting deep, named by their keys: "budget: 5000",
// "deal.stage: warm".
void extraContextFindings(const Object& context, const std::string& path, Notes& notes) {
    for (const auto& key : context.getNames()) {
        if (notes.findings.size() >= kExtraContextFindings) return;
        const auto value = context.get(key);
        if (value.isEmpty()) continue;
        const std::string at = path + "." + key;
        std::string text;
        if (value.type() == typeid(Object::Ptr)) {
            if (path == "extraContext") {
                extraContextFindings(*value.extract<Object::Ptr>(), at, notes);
            }
            continue;
        }
        if (value.isString()) {
            text = trim(value.extract<std::string>());
        } else if (value.isBoolean()) {
            text = value.convert<bool>() ? "yes" : "no";
        } else if (value.isNumeric()) {
            text = value.convert<std::string>();  // as sent: it may be an id, not an amount
        } else {
            text = plugin_text::listed(textsAt(&context, key), ", ");
        }
        if (!text.empty()) {
            const std::string name = at.substr(std::string("extraContext.").size());
            notes.fact(name + ": " + excerpt(text, kQuotedText), at, Evidence::Client);
        }
    }
}

}  // namespace

void readClientFindings(const ClientData& client, Notes& notes) {
    if (client.company) companyDataFindings(*client.company, notes);
    if (client.notes) {
        notes.fact("Notes: " + excerpt(*client.notes, kQuotedText), "notes", Evidence::Client);
        notes.source("notes");
    }
    if (auto bio = textAt(client.contact.get(), "bio")) {
        notes.fact("Bio: " + excerpt(*bio, kQuotedText), "contact.bio", Evidence::Client);
        notes.source("contact bio");
    }
    if (client.extraContext && client.extraContext->size() > 0) {
        Notes context;
        extraContextFindings(*client.extraContext, "extraContext", context);
        if (!context.findings.empty()) notes.source("extra context");
        notes.findings.insert(notes.findings.end(), context.findings.begin(),
                              context.findings.end());
    }
}

}  // namespace lodestone::research_basic
