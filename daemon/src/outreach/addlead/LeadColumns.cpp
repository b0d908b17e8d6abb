#include "outreach/addlead/LeadColumns.hpp"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>
#include <Poco/NumberParser.h>
#include <Poco/String.h>

#include <charconv>
#include <iterator>
#include <sstream>

namespace lodestone::outreach {
namespace {

constexpr std::string_view kCustomPrefix = "custom.";
constexpr char kListSeparator = ';';

std::vector<std::string> split(std::string_view header) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        auto dot = header.find('.', start);
        parts.emplace_back(header.substr(start, dot - start));
        if (dot == std::string_view::npos) return parts;
        start = dot + 1;
    }
}

LeadColumn column(std::string header, CellKind kind = CellKind::Text) {
    auto path = split(header);
    return {std::move(header), std::move(path), kind};
}

std::vector<LeadColumn> allColumns() {
    using enum CellKind;
    std::vector<LeadColumn> columns;
    for (const char* text : {"companyName", "contactName", "email", "title", "phone", "domain",
                             "linkedInUrl", "companyLinkedInUrl", "notes"}) {
        columns.push_back(column(text));
    }
    for (const char* text :
         {"description", "website", "linkedinUrl", "industry", "subIndustry", "employeeRange",
          "revenueRange", "fundingStage", "headquarters", "country", "region", "companyType"}) {
        columns.push_back(column(std::string("company.") + text));
    }
    columns.push_back(column("company.employeeCount", WholeNumber));
    columns.push_back(column("company.revenue", Number));
    columns.push_back(column("company.foundedYear", WholeNumber));
    columns.push_back(column("company.technologies", List));
    columns.push_back(column("company.techCategories", List));
    const std::string signals = "company.signals.";
    columns.push_back(column(signals + "recentFunding.amount", Number));
    columns.push_back(column(signals + "recentFunding.date"));
    columns.push_back(column(signals + "recentFunding.round"));
    columns.push_back(column(signals + "hiringSignals.isHiring", Boolean));
    columns.push_back(column(signals + "hiringSignals.openRoles", WholeNumber));
    columns.push_back(column(signals + "hiringSignals.departments", List));
    columns.push_back(column(signals + "newsSignals.recentNews", List));
    columns.push_back(column(signals + "leadershipChanges.newCeo", Boolean));
    columns.push_back(column(signals + "leadershipChanges.newCro", Boolean));
    columns.push_back(column(signals + "growthIndicators.employeeGrowth", Number));
    columns.push_back(column(signals + "growthIndicators.revenueGrowth", Number));
    for (const char* text :
         {"bio", "photoUrl", "seniority", "department", "city", "state", "country", "timezone"}) {
        columns.push_back(column(std::string("contact.") + text));
    }
    columns.push_back(column("researchData", Object));
    columns.push_back(column("extraContext", Object));
    return columns;
}

std::optional<bool> booleanOf(std::string_view cell) {
    const std::string lower = Poco::toLower(std::string(cell));
    if (lower == "true" || lower == "yes" || lower == "1") return true;
    if (lower == "false" || lower == "no" || lower == "0") return false;
    return std::nullopt;
}

std::string numberText(const Poco::Dynamic::Var& value) {
    if (value.isInteger()) return value.convert<std::string>();
    // The shortest text that reads back as the same double ("-0.5", not "-0.500000").
    char text[32];
    const auto written = std::to_chars(std::begin(text), std::end(text), value.convert<double>());
    return std::string(text, written.ptr);
}

}  // namespace

const std::vector<LeadColumn>& leadColumns() {
    static const std::vector<LeadColumn> columns = allColumns();
    return columns;
}

std::optional<LeadColumn> leadColumn(std::string_view header) {
    const std::string name = Poco::trim(std::string(header));
    if (name.starts_with(kCustomPrefix) && name.size() > kCustomPrefix.size()) {
        return LeadColumn{name, {"customData", name.substr(kCustomPrefix.size())}, CellKind::Text};
    }
    for (const auto& known : leadColumns()) {
        if (known.header == name) return known;
    }
    return std::nullopt;
}

std::optional<Poco::Dynamic::Var> cellValue(const LeadColumn& column, std::string_view cell) {
    if (cell.empty()) return std::nullopt;
    const std::string text(cell);
    switch (column.kind) {
        case CellKind::Text:
            return Poco::Dynamic::Var(text);
        case CellKind::WholeNumber: {
            Poco::Int64 number = 0;
            if (!Poco::NumberParser::tryParse64(Poco::trim(text), number)) {
                throw CellError("must be a whole number");
            }
            return Poco::Dynamic::Var(number);
        }
        case CellKind::Number: {
            double number = 0;
            if (!Poco::NumberParser::tryParseFloat(Poco::trim(text), number)) {
                throw CellError("must be a number");
            }
            return Poco::Dynamic::Var(number);
        }
        case CellKind::Boolean: {
            auto value = booleanOf(Poco::trim(text));
            if (!value) throw CellError("must be true or false");
            return Poco::Dynamic::Var(*value);
        }
        case CellKind::List: {
            Poco::JSON::Array::Ptr items = new Poco::JSON::Array();
            std::istringstream parts(text);
            for (std::string item; std::getline(parts, item, kListSeparator);) {
                item = Poco::trim(item);
                if (!item.empty()) items->add(item);
            }
            return Poco::Dynamic::Var(items);
        }
        case CellKind::Object: {
            try {
                auto parsed = Poco::JSON::Parser().parse(text);
                if (parsed.type() == typeid(Poco::JSON::Object::Ptr)) return parsed;
            } catch (const Poco::Exception&) {
            }
            throw CellError("must be a JSON object");
        }
    }
    return std::nullopt;
}

void setField(Poco::JSON::Object& body, const LeadColumn& column, const Poco::Dynamic::Var& value) {
    Poco::JSON::Object* at = &body;
    for (std::size_t i = 0; i + 1 < column.path.size(); ++i) {
        auto next = at->getObject(column.path[i]);
        if (!next) {
            next = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
            at->set(column.path[i], next);
        }
        at = next.get();
    }
    at->set(column.path.back(), value);
}

std::string cellText(const Poco::JSON::Object& stored, const LeadColumn& column) {
    const Poco::JSON::Object* at = &stored;
    Poco::JSON::Object::Ptr holder;
    for (std::size_t i = 0; i + 1 < column.path.size(); ++i) {
        holder = at->getObject(column.path[i]);
        if (!holder) return {};
        at = holder.get();
    }
    if (!at->has(column.path.back())) return {};
    const auto value = at->get(column.path.back());
    if (value.isEmpty()) return {};
    switch (column.kind) {
        case CellKind::Boolean:
            return value.convert<bool>() ? "true" : "false";
        case CellKind::WholeNumber:
        case CellKind::Number:
            return numberText(value);
        case CellKind::List: {
            auto items = at->getArray(column.path.back());
            std::string text;
            for (std::size_t i = 0; items && i < items->size(); ++i) {
                if (i > 0) text += std::string(1, kListSeparator) + " ";
                text += items->getElement<std::string>(static_cast<unsigned>(i));
            }
            return text;
        }
        case CellKind::Object: {
            std::ostringstream json;
            Poco::JSON::Stringifier::stringify(value, json);
            return json.str();
        }
        case CellKind::Text:
            return value.isString() ? value.extract<std::string>() : value.convert<std::string>();
    }
    return {};
}

}  // namespace lodestone::outreach
