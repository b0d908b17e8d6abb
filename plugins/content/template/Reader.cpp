#include "Reader.hpp"

#include <Poco/JSON/Array.h>

#include <cmath>
#include <regex>

#include "CustomFields.hpp"
#include "Prose.hpp"
#include "Roles.hpp"

namespace lodestone::content_template {
namespace {

// Findings and signals past these read as a data dump rather than a page written for someone.
constexpr std::size_t kMaxFindings = 5;
constexpr std::size_t kMaxSignals = 4;
constexpr std::size_t kMaxFactBytes = 240;

Poco::JSON::Object::Ptr objectAt(const Poco::JSON::Object::Ptr& parent, const char* key) {
    if (!parent || !parent->has(key)) return nullptr;
    const auto value = parent->get(key);
    if (value.type() != typeid(Poco::JSON::Object::Ptr)) return nullptr;
    return value.extract<Poco::JSON::Object::Ptr>();
}

Poco::JSON::Array::Ptr arrayAt(const Poco::JSON::Object::Ptr& parent, const char* key) {
    if (!parent || !parent->has(key)) return nullptr;
    const auto value = parent->get(key);
    if (value.type() != typeid(Poco::JSON::Array::Ptr)) return nullptr;
    return value.extract<Poco::JSON::Array::Ptr>();
}

std::string textAt(const Poco::JSON::Object::Ptr& object, const char* key) {
    if (!object || !object->has(key) || !object->get(key).isString()) return "";
    return oneLine(object->get(key).extract<std::string>());
}

std::optional<double> numberAt(const Poco::JSON::Object::Ptr& object, const char* key) {
    if (!object || !object->has(key) || !object->get(key).isNumeric()) return std::nullopt;
    return object->get(key).convert<double>();
}

// Where a fact came from, as a reader can follow it: a page's address without its scheme,
// "www." or trailing slash; a field of the lead's own form as "your form".
std::string sourceLabel(const std::string& source) {
    std::string label = oneLine(source);
    for (const char* scheme : {"https://", "http://"}) {
        if (label.starts_with(scheme)) label = label.substr(std::string(scheme).size());
    }
    if (label.starts_with("www.")) label = label.substr(4);
    while (!label.empty() && label.back() == '/') label.pop_back();
    if (label.starts_with("lead.") || label.starts_with("customFields")) return "your form";
    return shortened(label, 80);
}

// The source research gave for a profile value, when it read it from outside (evidence
// `research`): the page names it beside the value.
std::string researchSourceOf(const Poco::JSON::Object::Ptr& evidence, const std::string& path) {
    const auto entry = objectAt(evidence, path.c_str());
    if (!entry || textAt(entry, "evidence") != "research") return "";
    return sourceLabel(textAt(entry, "source"));
}

// The longest path of `evidence` that `path` starts with ("company.signals" for
// "company.signals.hiringSignals"), so a signal borrows its parent's source.
std::string nearestResearchSource(const Poco::JSON::Object::Ptr& evidence, std::string path) {
    while (!path.empty()) {
        if (std::string source = researchSourceOf(evidence, path); !source.empty()) return source;
        const auto dot = path.rfind('.');
        if (dot == std::string::npos) break;
        path.resize(dot);
    }
    return "";
}

void readSignals(const Poco::JSON::Object::Ptr& profileCompany,
                 const Poco::JSON::Object::Ptr& evidence, Reader& reader) {
    const auto signals = objectAt(profileCompany, "signals");
    if (!signals) return;
    const std::string who = reader.company.empty() ? "The company" : reader.company;
    const auto add = [&](std::string text, const std::string& path) {
        if (reader.signals.size() < kMaxSignals) {
            reader.signals.push_back({shortened(text, kMaxFactBytes),
                                      nearestResearchSource(evidence, "company.signals." + path)});
        }
    };
    if (const auto hiring = objectAt(signals, "hiringSignals")) {
        const auto open = numberAt(hiring, "openRoles");
        std::vector<std::string> departments;
        if (const auto list = arrayAt(hiring, "departments")) {
            for (std::size_t i = 0; i < list->size() && i < 4; ++i) {
                const auto item = list->get(static_cast<unsigned>(i));
                if (item.isString()) departments.push_back(oneLine(item.extract<std::string>()));
            }
        }
        const bool hiringNow = hiring->has("isHiring") && hiring->get("isHiring").isBoolean() &&
                               hiring->get("isHiring").extract<bool>();
        if (hiringNow || (open && *open > 0)) {
            std::string text = who + " is hiring";
            if (open && *open > 0) text += " for " + grouped(*open) + " open roles";
            if (!departments.empty()) text += " in " + listed(departments);
            add(text, "hiringSignals");
        }
    }
    if (const auto funding = objectAt(signals, "recentFunding")) {
        const std::string round = textAt(funding, "round");
        const auto amount = numberAt(funding, "amount");
        const std::string date = textAt(funding, "date");
        if (!round.empty() || amount) {
            std::string text = who + " raised";
            if (!round.empty()) text += " a " + round;
            if (amount) text += (round.empty() ? " " : " of ") + money(*amount, "$");
            if (!date.empty()) text += " in " + date;
            add(text, "recentFunding");
        }
    }
    if (const auto leadership = objectAt(signals, "leadershipChanges")) {
        const auto flag = [&](const char* key) {
            return leadership->has(key) && leadership->get(key).isBoolean() &&
                   leadership->get(key).extract<bool>();
        };
        if (flag("newCeo")) add(who + " has a new chief executive", "leadershipChanges");
        if (flag("newCro")) add(who + " has a new chief revenue officer", "leadershipChanges");
    }
    if (const auto growth = objectAt(signals, "growthIndicators")) {
        if (auto rate = numberAt(growth, "employeeGrowth")) {
            add(who + (*rate >= 0 ? " grew its headcount by " : " cut its headcount by ") +
                    grouped(std::fabs(*rate) * 100) + "% in the last year",
                "growthIndicators");
        }
    }
    if (const auto news = objectAt(signals, "newsSignals")) {
        if (const auto list = arrayAt(news, "recentNews")) {
            for (std::size_t i = 0; i < list->size() && i < 2; ++i) {
                const auto item = list->get(static_cast<unsigned>(i));
                if (item.isString())
                    add("In the news: " + oneLine(item.extract<std::string>()), "newsSignals");
            }
        }
    }
}

// Findings research read from outside sources (evidence `research`). The client's own notes and
// what research inferred are not quoted: notes are written for the sender, not the reader, and
// the lead's form is used field by field instead.
void readFindings(const Poco::JSON::Object::Ptr& research, Reader& reader) {
    const auto findings = arrayAt(research, "findings");
    if (!findings) return;
    for (std::size_t i = 0; i < findings->size() && reader.findings.size() < kMaxFindings; ++i) {
        const auto item = findings->get(static_cast<unsigned>(i));
        if (item.type() != typeid(Poco::JSON::Object::Ptr)) continue;
        const auto finding = item.extract<Poco::JSON::Object::Ptr>();
        if (textAt(finding, "evidence") != "research") continue;
        const std::string text = shortened(textAt(finding, "text"), kMaxFactBytes);
        if (text.empty()) continue;
        bool repeated = false;
        for (const auto& signal : reader.signals)
            repeated = repeated || lowerAscii(signal.text) == lowerAscii(text);
        if (!repeated) reader.findings.push_back({text, sourceLabel(textAt(finding, "source"))});
    }
}

// A company size as the lead wrote it: one number ("2500", "2,500 employees"), a number and
// more ("500+") or a range ("1,000-5,000", "1000 to 5000"). Anything else is no size we read,
// and the page says it as written or not at all.
struct WrittenSize {
    double low = 0;
    std::optional<double> high;  // a range's upper end
    bool orMore = false;         // "500+"
};

std::optional<WrittenSize> writtenSize(const std::string& text) {
    std::string plain;
    for (const char c : lowerAscii(text)) {
        if (c != ' ') plain += c;
    }
    for (const char* noun : {"employees", "people", "staff"}) {
        if (plain.ends_with(noun)) plain.resize(plain.size() - std::string(noun).size());
    }
    for (const std::string_view dash : {"\u2013", "to"}) {
        if (const auto at = plain.find(dash); at != std::string::npos) {
            plain.replace(at, dash.size(), "-");
        }
    }
    // Thousands grouped by commas or full stops, or not at all.
    static const std::regex size(
        R"(^(\d{1,3}(?:[,.]\d{3})+|\d+)(?:(\+)|-(\d{1,3}(?:[,.]\d{3})+|\d+))?$)");
    std::smatch match;
    if (!std::regex_match(plain, match, size)) return std::nullopt;
    const auto number = [](std::string digits) {
        std::erase_if(digits, [](char c) { return c == ',' || c == '.'; });
        return std::stod(digits);
    };
    WrittenSize result;
    result.low = number(match[1].str());
    result.orMore = match[2].matched;
    if (match[3].matched) result.high = number(match[3].str());
    if (result.low <= 0 || (result.high && *result.high < result.low)) return std::nullopt;
    return result;
}

}  // namespace

Reader readReader(const Poco::JSON::Object::Ptr& research, const Poco::JSON::Object::Ptr& lead,
                  const Poco::JSON::Object::Ptr& settings, const std::string& projectName) {
    Reader reader;
    const auto person = objectAt(research, "person");
    const auto company = objectAt(research, "company");
    const auto profile = objectAt(research, "profile");
    const auto profileCompany = objectAt(profile, "company");
    const auto profileContact = objectAt(profile, "contact");
    const auto evidence = objectAt(research, "evidence");

    std::string email = textAt(person, "email");
    if (email.empty()) email = textAt(lead, "email");
    if (const auto at = email.rfind('@'); at != std::string::npos) {
        reader.emailDomain = email.substr(at + 1);
    }
    reader.country = textAt(profileContact, "country");
    if (reader.country.empty()) reader.country = textAt(profileCompany, "country");
    std::string fullName = textAt(person, "fullName");
    if (fullName.empty()) fullName = textAt(lead, "fullName");
    reader.name =
        readerName(fullName, textAt(person, "firstName"), reader.country, reader.emailDomain);

    reader.title = textAt(person, "title");
    if (reader.title.empty()) reader.title = textAt(lead, "title");
    reader.seniority = textAt(profileContact, "seniority");
    if (reader.seniority.empty()) reader.seniority = textAt(person, "seniority");
    std::string department = textAt(profileContact, "department");
    if (department.empty()) department = textAt(person, "department");

    reader.company = textAt(company, "name");
    if (reader.company.empty()) reader.company = textAt(lead, "company");
    reader.industry = textAt(profileCompany, "industry");
    if (reader.industry.empty()) reader.industry = textAt(company, "industry");
    reader.sizeCategory = textAt(company, "sizeCategory");
    reader.sizeBand = textAt(company, "sizeBand");
    if (reader.sizeBand.empty()) reader.sizeBand = textAt(profileCompany, "employeeRange");
    reader.sizeAsWritten = textAt(lead, "companySize");
    if (auto count = numberAt(profileCompany, "employeeCount"); count && *count > 0) {
        reader.employees = count;
        reader.employeesSource = researchSourceOf(evidence, "company.employeeCount");
    }
    if (const auto technologies = arrayAt(profileCompany, "technologies")) {
        for (std::size_t i = 0; i < technologies->size() && i < 6; ++i) {
            const auto item = technologies->get(static_cast<unsigned>(i));
            if (item.isString()) reader.tools.push_back(oneLine(item.extract<std::string>()));
        }
        reader.toolsSource = researchSourceOf(evidence, "company.technologies");
    }
    reader.description = shortened(textAt(profileCompany, "description"), kMaxFactBytes);

    auto custom = objectAt(research, "custom");
    if (!custom) custom = objectAt(lead, "customFields");
    readCustomFields(custom, reader);
    // A size the lead gave as one number is their head count, exactly as given ("2500" is
    // 2,500 people, not the middle of a band), and wins over research's reading.
    if (const auto size = writtenSize(reader.sizeAsWritten);
        size && !size->high && !size->orMore && !quantityOf(reader, QuantityKind::Employees)) {
        reader.quantities.push_back(
            {"Company size", grouped(size->low), size->low, "", QuantityKind::Employees});
    }
    if (const Quantity* staff = quantityOf(reader, QuantityKind::Employees)) {
        reader.employees = staff->value;
        reader.employeesSource.clear();
    }
    readSignals(profileCompany, evidence, reader);
    readFindings(research, reader);

    reader.family = roleFamilyOf(reader.title, department, reader.industry);
    reader.level = levelOf(reader.seniority, reader.family, reader.title);

    const auto brand = objectAt(settings, "brand");
    reader.senderName = textAt(brand, "sender_name");
    reader.senderTitle = textAt(brand, "sender_title");
    reader.brandName = textAt(brand, "name");
    if (reader.brandName.empty()) reader.brandName = oneLine(projectName);
    return reader;
}

const Quantity* quantityOf(const Reader& reader, QuantityKind kind) {
    for (const auto& quantity : reader.quantities) {
        if (quantity.kind == kind) return &quantity;
    }
    return nullptr;
}

std::string sizeRange(const Reader& reader) {
    // The lead's own words when they gave a range ("1,000-5,000", "10k+"), as they wrote them.
    const auto given = writtenSize(reader.sizeAsWritten);
    if (given ? given->high || given->orMore
              : !reader.sizeAsWritten.empty() && !reader.sizeBand.empty()) {
        return reader.sizeAsWritten;
    }
    const auto band = writtenSize(reader.sizeBand);
    if (!band || given) return "";
    if (band->orMore) return grouped(band->low) + " or more";
    return band->high ? grouped(band->low) + " to " + grouped(*band->high) : "";
}

std::optional<double> headcount(const Reader& reader, std::string* basis) {
    const auto say = [&](std::string text) {
        if (basis) *basis = std::move(text);
    };
    if (const Quantity* staff = quantityOf(reader, QuantityKind::Employees)) {
        say(staff->asWritten + " people, as you told us");
        return staff->value;
    }
    if (reader.employees) {
        say(grouped(*reader.employees) + " people" +
            (reader.employeesSource.empty() ? "" : " (source: " + reader.employeesSource + ")"));
        return reader.employees;
    }
    // Only a range has a middle, and the page says the range it took it from: an exact size
    // was made the head count when it was read.
    const std::string range = sizeRange(reader);
    const bool given = !range.empty() && range == reader.sizeAsWritten;
    auto size = writtenSize(reader.sizeAsWritten);
    if (!size) size = writtenSize(reader.sizeBand);  // "10k+": the band research read from it
    if (range.empty() || !size || (!size->high && !size->orMore)) return std::nullopt;
    const std::string said =
        range + " people, " + (given ? "the size you gave" : "your size band") + ", worked at ";
    if (size->orMore) {
        say(said + grouped(size->low));
        return size->low;
    }
    // A band's bottom is one past the previous band's top: 1001-5000 is worked at 3,000.
    const double middle = std::round((size->low - 1 + *size->high) / 2);
    say(said + "its middle of " + grouped(middle));
    return middle;
}

}  // namespace lodestone::content_template
