#include "CustomFields.hpp"

#include <Poco/JSON/Array.h>

#include <cctype>
#include <cmath>
#include <initializer_list>
#include <set>

#include "Prose.hpp"

namespace lodestone::content_template {
namespace {

// A custom value quoted on the page: enough to recognise, not a whole document.
constexpr std::size_t kMaxValueBytes = 200;

// The key lower-cased with everything but letters and digits dropped: "pain_point" and
// "Pain Point" both read "painpoint".
std::string folded(const std::string& key) {
    std::string result;
    for (char c : lowerAscii(key)) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) result += c;
    }
    return result;
}

bool hasAny(const std::string& key, std::initializer_list<const char*> words) {
    for (const char* word : words) {
        if (key.find(word) != std::string::npos) return true;
    }
    return false;
}

// A short word that must be the whole key or one end of it: "crm" in "crmName", not in "scrum".
bool hasEnd(const std::string& key, std::initializer_list<const char*> words) {
    for (const char* word : words) {
        if (key.starts_with(word) || key.ends_with(word)) return true;
    }
    return false;
}

bool isIgnored(const std::string& key) {
    if (key == "utmsource") return false;
    return key.starts_with("utm") || key.starts_with("gclid") || key.starts_with("fbclid") ||
           hasAny(key, {"consent", "optin", "gdpr", "privacy", "terms", "unsubscribe", "password",
                        "email", "phone", "mobile"}) ||
           key == "firstname" || key == "lastname" || key == "fullname" || key == "name" ||
           key == "id" || key == "uuid" || key == "guid" ||
           hasEnd(key, {"crmid", "recordid", "leadid", "contactid", "externalid", "userid",
                        "accountid", "hubspotid", "salesforceid", "objectid"});
}

std::optional<QuantityKind> quantityKindOf(const std::string& key) {
    // A link is never a quantity, whatever else its name says ("revenue_report_url").
    if (hasAny(key, {"url", "website", "link", "domain"})) return std::nullopt;
    // Team sizes first: "salesteam" and "teamsize" are people, not revenue.
    if (hasAny(key, {"team", "reps", "engineers", "developers", "nurses", "teachers", "agents",
                     "fte", "drivers", "clinicians", "consultants", "recruiters"})) {
        return QuantityKind::Team;
    }
    if (hasAny(key, {"mrr", "monthlyrevenue", "monthlyrecurring"})) {
        return QuantityKind::MonthlyRevenue;
    }
    if (hasAny(key, {"arr", "revenue", "turnover"}) || key == "sales") return QuantityKind::Revenue;
    if (hasAny(key, {"headcount", "employee", "staff", "workforce", "companysize"})) {
        return QuantityKind::Employees;
    }
    if (hasAny(key, {"enrol", "student", "pupil", "learner"})) return QuantityKind::Enrollment;
    if (hasAny(key, {"bed"})) return QuantityKind::Beds;
    if (hasAny(key, {"location", "site", "store", "branch", "clinic", "school", "campus",
                     "warehouse", "depot", "plant", "office", "hotel", "propert", "venue"})) {
        return QuantityKind::Locations;
    }
    if (hasAny(key, {"budget", "spend"})) return QuantityKind::Budget;
    if (hasAny(key, {"dealsize", "acv", "aov", "ordervalue", "averageorder", "averagedeal",
                     "contractvalue", "ticketsize", "basket"})) {
        return QuantityKind::DealSize;
    }
    if (hasAny(key, {"customer", "client", "account", "member", "donor", "subscriber", "user",
                     "patient", "player", "guest", "tenant"})) {
        return QuantityKind::Customers;
    }
    if (hasAny(key, {"order", "shipment", "ticket", "appointment", "transaction", "call", "deliver",
                     "case", "application", "request", "visit", "booking"})) {
        return QuantityKind::Volume;
    }
    return std::nullopt;
}

// A custom value as one line of text: lists joined, one level of an object as "key: value".
std::string textOf(const Poco::Dynamic::Var& value, int depth = 0) {
    if (value.isEmpty()) return "";
    if (value.type() == typeid(Poco::JSON::Array::Ptr)) {
        std::vector<std::string> items;
        const auto array = value.extract<Poco::JSON::Array::Ptr>();
        for (std::size_t i = 0; i < array->size(); ++i) {
            std::string item = textOf(array->get(static_cast<unsigned>(i)), depth + 1);
            if (!item.empty()) items.push_back(item);
        }
        return listed(items);
    }
    if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
        if (depth > 0) return "";
        std::string result;
        const auto object = value.extract<Poco::JSON::Object::Ptr>();
        for (const auto& key : object->getNames()) {
            const std::string item = textOf(object->get(key), depth + 1);
            if (item.empty()) continue;
            result += (result.empty() ? "" : "; ") + labelOf(key) + ": " + item;
        }
        return result;
    }
    if (value.isBoolean()) return value.extract<bool>() ? "yes" : "no";
    if (value.isNumeric()) {
        const double number = value.convert<double>();
        return grouped(number, std::floor(number) == number ? 0 : 2);
    }
    return shortened(oneLine(value.convert<std::string>()), kMaxValueBytes);
}

void addTools(const Poco::Dynamic::Var& value, Reader& reader) {
    std::vector<std::string> items;
    if (value.type() == typeid(Poco::JSON::Array::Ptr)) {
        const auto array = value.extract<Poco::JSON::Array::Ptr>();
        for (std::size_t i = 0; i < array->size(); ++i) {
            items.push_back(textOf(array->get(static_cast<unsigned>(i)), 1));
        }
    } else {
        // "Salesforce, Outreach and Gong" names three tools.
        std::string text = textOf(value);
        for (std::size_t at; (at = text.find(" and ")) != std::string::npos;) {
            text.replace(at, 5, ",");
        }
        std::size_t start = 0;
        while (start <= text.size()) {
            std::size_t end = text.find_first_of(",;/", start);
            if (end == std::string::npos) end = text.size();
            items.push_back(trimmed(text.substr(start, end - start)));
            start = end + 1;
        }
    }
    for (const auto& item : items) {
        if (item.empty()) continue;
        bool known = false;
        for (const auto& tool : reader.tools) known = known || lowerAscii(tool) == lowerAscii(item);
        if (!known) reader.tools.push_back(item);
    }
}

}  // namespace

std::string labelOf(const std::string& key) {
    std::string words;
    for (std::size_t i = 0; i < key.size(); ++i) {
        const char c = key[i];
        if (c == '_' || c == '-' || c == '.' || c == ' ') {
            if (!words.empty() && words.back() != ' ') words += ' ';
            continue;
        }
        const bool upper = c >= 'A' && c <= 'Z';
        const bool afterLower = i > 0 && key[i - 1] >= 'a' && key[i - 1] <= 'z';
        if (upper && afterLower && !words.empty() && words.back() != ' ') words += ' ';
        words += c;
    }
    // Words written all in capitals stay so (ARR, CRM); the rest read as a sentence.
    std::string result;
    std::size_t start = 0;
    while (start < words.size()) {
        std::size_t end = words.find(' ', start);
        if (end == std::string::npos) end = words.size();
        std::string word = words.substr(start, end - start);
        bool allUpper = word.size() > 1;
        for (char c : word) allUpper = allUpper && !(c >= 'a' && c <= 'z');
        static const std::set<std::string> acronyms = {"arr", "mrr", "acv", "aov", "crm", "ehr",
                                                       "emr", "lms", "erp", "kyc", "nps", "hr",
                                                       "it",  "roi", "sla", "fte", "gmv", "pms"};
        if (acronyms.contains(lowerAscii(word))) {
            for (auto& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        } else if (!allUpper) {
            word = lowerAscii(word);
        }
        result += (result.empty() ? "" : " ") + word;
        start = end + 1;
    }
    return capitalised(result);
}

std::string labelInSentence(const std::string& label) {
    const std::size_t space = label.find(' ');
    const std::string first = label.substr(0, space);
    bool acronym = first.size() > 1;
    for (char c : first) acronym = acronym && !(c >= 'a' && c <= 'z');
    return acronym ? label : lowerAscii(label.substr(0, 1)) + label.substr(1);
}

std::optional<ReadNumber> readNumber(const std::string& text) {
    ReadNumber number;
    const std::string lower = lowerAscii(text);
    static const std::pair<const char*, const char*> currencies[] = {
        {"us$", "$"}, {"$", "$"}, {"usd", "$"}, {"€", "€"}, {"eur", "€"}, {"£", "£"},
        {"gbp", "£"}, {"¥", "¥"}, {"jpy", "¥"}, {"₹", "₹"}, {"inr", "₹"}, {"chf", "CHF "}};
    for (const auto& [mark, symbol] : currencies) {
        if (lower.find(mark) != std::string::npos) {
            number.currency = symbol;
            break;
        }
    }
    const std::size_t first = text.find_first_of("0123456789");
    if (first == std::string::npos) return std::nullopt;
    std::string digits;
    std::size_t at = first;
    for (; at < text.size(); ++at) {
        const char c = text[at];
        if (c >= '0' && c <= '9') {
            digits += c;
        } else if (c == '.' && at + 1 < text.size() && text[at + 1] >= '0' && text[at + 1] <= '9') {
            digits += c;
        } else if (c != ',') {
            break;
        }
    }
    // Fifteen digits is more than any count or sum a form means; longer is not a number to use.
    if (digits.size() > 15) return std::nullopt;
    number.value = std::stod(digits);
    std::string rest = lower.substr(at);
    rest = trimmed(rest);
    if (rest.starts_with("%")) return std::nullopt;
    const auto word = [&](std::initializer_list<const char*> options) {
        for (const char* option : options) {
            const std::string o = option;
            if (rest.starts_with(o) &&
                (rest.size() == o.size() ||
                 !std::isalpha(static_cast<unsigned char>(rest[o.size()])))) {
                return true;
            }
        }
        return false;
    };
    if (word({"k", "thousand"})) number.value *= 1e3;
    if (word({"m", "mn", "mm", "million"})) number.value *= 1e6;
    if (word({"b", "bn", "billion"})) number.value *= 1e9;
    return number;
}

void readCustomFields(const Poco::JSON::Object::Ptr& custom, Reader& reader) {
    if (!custom) return;
    for (const auto& key : custom->getNames()) {
        const auto value = custom->get(key);
        const std::string fold = folded(key);
        if (value.isEmpty() || fold.empty() || isIgnored(fold)) continue;
        const std::string text = textOf(value);
        if (text.empty()) continue;
        // A number sent as a number is a quantity whenever its name says what it counts.
        const std::optional<QuantityKind> kind = quantityKindOf(fold);
        if (kind && value.isNumeric() && value.convert<double>() > 0) {
            reader.quantities.push_back({labelOf(key), text, value.convert<double>(), "", *kind});
            continue;
        }
        if (!value.isNumeric()) {
            if (reader.pain.empty() &&
                hasAny(fold, {"pain", "challenge", "problem", "frustrat", "bottleneck", "struggle",
                              "issue", "blocker"})) {
                reader.pain = text;
                continue;
            }
            if (reader.goal.empty() &&
                (hasAny(fold, {"goal", "objective", "priorit", "initiative", "outcome",
                               "lookingfor", "interestedin", "usecase"}) ||
                 hasEnd(fold, {"aim", "aims"}))) {
                reader.goal = text;
                continue;
            }
            if (hasAny(fold, {"tool", "stack", "software", "platform", "system", "technolog",
                              "vendor"}) ||
                hasEnd(fold, {"crm", "ehr", "emr", "lms", "erp", "pms"})) {
                addTools(value, reader);
                continue;
            }
            if (reader.timeline.empty() &&
                hasAny(fold, {"timeline", "timeframe", "deadline", "golive", "startdate"})) {
                reader.timeline = text;
                continue;
            }
            if (reader.origin.empty() &&
                (hasEnd(fold, {"source"}) ||
                 hasAny(fold, {"heardabout", "howdidyouhear", "referr", "event", "webinar"}))) {
                reader.origin = text;
                continue;
            }
            if (kind) {
                if (auto number = readNumber(text); number && number->value > 0) {
                    reader.quantities.push_back(
                        {labelOf(key), text, number->value, number->currency, *kind});
                    continue;
                }
            }
        }
        reader.otherFields.emplace_back(labelOf(key), text);
    }
}

}  // namespace lodestone::content_template
