#include "Output.hpp"

#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeFormatter.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Timestamp.h>

#include <algorithm>
#include <iomanip>

#include "domain/Durations.hpp"
#include "domain/RecordViews.hpp"

namespace lodestone::ctl {
namespace {

Poco::JSON::Object::Ptr object() {
    return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

Poco::Dynamic::Var optional(const std::optional<std::string>& value) {
    return value ? Poco::Dynamic::Var(*value) : Poco::Dynamic::Var();
}

Poco::Dynamic::Var optional(const std::optional<std::int64_t>& value) {
    return value ? Poco::Dynamic::Var(*value) : Poco::Dynamic::Var();
}

bool isTimestampField(const std::string& name) {
    return name.ends_with("At");
}

// A value as a person reads it: timestamps as UTC ISO 8601, null as "-", nested JSON compact.
std::string humanValue(const std::string& name, const Poco::Dynamic::Var& value) {
    if (value.isEmpty()) return "-";
    if (isTimestampField(name) && value.isInteger()) return isoTime(value.convert<Poco::Int64>());
    if (value.type() == typeid(Poco::JSON::Object::Ptr) ||
        value.type() == typeid(Poco::JSON::Array::Ptr)) {
        std::ostringstream out;
        Poco::JSON::Stringifier::stringify(value, out);
        return out.str();
    }
    return value.convert<std::string>();
}

void printTable(const Poco::JSON::Array::Ptr& items, const std::vector<std::string>& columns,
                std::ostream& out) {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::size_t> widths;
    for (const auto& column : columns) widths.push_back(column.size());
    for (std::size_t i = 0; i < items->size(); ++i) {
        auto item = items->getObject(static_cast<unsigned>(i));
        std::vector<std::string> row;
        for (std::size_t c = 0; c < columns.size(); ++c) {
            row.push_back(humanValue(columns[c], item->get(columns[c])));
            widths[c] = std::max(widths[c], row.back().size());
        }
        rows.push_back(std::move(row));
    }
    auto printRow = [&](const std::vector<std::string>& cells) {
        for (std::size_t c = 0; c < cells.size(); ++c) {
            out << (c ? "  " : "") << std::left
                << std::setw(c + 1 < cells.size() ? static_cast<int>(widths[c]) : 0) << cells[c];
        }
        out << '\n';
    };
    printRow(columns);
    for (const auto& row : rows) printRow(row);
    if (rows.empty()) out << "(none)\n";
}

}  // namespace

void print(const Result& result, bool asJson, std::ostream& out) {
    if (result.write) {
        result.write(out);
        return;
    }
    if (asJson) {
        result.json->stringify(out);
        out << '\n';
        return;
    }
    if (!result.headline.empty()) out << result.headline << '\n';
    if (!result.text.empty()) {
        out << result.text;
        return;
    }
    if (!result.columns.empty()) {
        printTable(result.json->getArray("items"), result.columns, out);
        return;
    }
    std::size_t width = 0;
    for (const auto& name : result.json->getNames()) width = std::max(width, name.size());
    for (const auto& [name, value] : *result.json) {
        out << "  " << std::left << std::setw(static_cast<int>(width)) << name << "  "
            << humanValue(name, value) << '\n';
    }
}

std::string isoTime(domain::Timestamp at) {
    return Poco::DateTimeFormatter::format(Poco::Timestamp(at * 1000),
                                           Poco::DateTimeFormat::ISO8601_FORMAT);
}

Poco::JSON::Object::Ptr toJson(const domain::Organisation& organisation) {
    auto json = object();
    json->set("id", organisation.id);
    json->set("name", organisation.name);
    json->set("credits", organisation.credits);
    json->set("createdAt", organisation.createdAt);
    return json;
}

Poco::JSON::Object::Ptr toJson(const domain::Project& project, bool withSchema) {
    return domain::projectView(project, withSchema);
}

Poco::JSON::Object::Ptr toJson(const domain::Campaign& campaign, bool withSecret,
                               domain::Timestamp now) {
    auto json = domain::campaignView(campaign);
    if (withSecret) {
        json->set("webhookSecret", campaign.webhookSecret);
        json->set("intakeSecret", optional(campaign.intakeSecret));
        // Shown again because it still signs, and its holder is the operator who rotated it.
        // An expired one no longer matters to anyone, so it reads as none.
        bool previousSigns = campaign.previousWebhookSecret && campaign.previousSecretExpiresAt &&
                             now < *campaign.previousSecretExpiresAt;
        json->set("previousWebhookSecret",
                  previousSigns ? optional(campaign.previousWebhookSecret) : Poco::Dynamic::Var());
        json->set("previousSecretExpiresAt", previousSigns
                                                 ? optional(campaign.previousSecretExpiresAt)
                                                 : Poco::Dynamic::Var());
        json->set("icp", campaign.icpJson ? Poco::JSON::Parser().parse(*campaign.icpJson)
                                          : Poco::Dynamic::Var());
        json->set("sequence", campaign.sequenceJson
                                  ? Poco::JSON::Parser().parse(*campaign.sequenceJson)
                                  : Poco::Dynamic::Var());
    }
    return json;
}

Poco::JSON::Object::Ptr toJson(const domain::ApiKey& key, domain::Timestamp now) {
    auto json = object();
    json->set("id", key.id);
    json->set("organisationId", key.organisationId);
    json->set("name", key.name);
    json->set("prefix", key.prefix);
    Poco::JSON::Array::Ptr projects = new Poco::JSON::Array();
    for (const auto& project : key.projectIds) projects->add(project);
    json->set("projects", projects);
    json->set("status", key.isRevoked() ? "revoked" : key.isExpiredAt(now) ? "expired" : "active");
    json->set("createdAt", key.createdAt);
    json->set("expiresAt", optional(key.expiresAt));
    json->set("revokedAt", optional(key.revokedAt));
    json->set("lastUsedAt", optional(key.lastUsedAt));
    return json;
}

Poco::JSON::Object::Ptr toJson(const domain::WebhookEndpoint& endpoint, bool withSecret) {
    auto json = object();
    json->set("id", endpoint.id);
    json->set("organisationId", endpoint.organisationId);
    json->set("projectId", optional(endpoint.projectId));
    json->set("url", endpoint.url);
    std::string events;
    for (const auto& type : endpoint.events) events += (events.empty() ? "" : ",") + type;
    json->set("events", events);
    std::string schedule;
    if (endpoint.retryDelaysMs) {
        for (auto delay : *endpoint.retryDelaysMs) {
            schedule += (schedule.empty() ? "" : ",") +
                        domain::formatDuration(std::chrono::milliseconds(delay));
        }
    }
    json->set("retrySchedule", endpoint.retryDelaysMs
                                   ? Poco::Dynamic::Var(schedule)
                                   : Poco::Dynamic::Var("webhooks.retry_schedule"));
    json->set("status", endpoint.disabledAt ? "deleted" : "active");
    json->set("createdAt", endpoint.createdAt);
    json->set("deletedAt", optional(endpoint.disabledAt));
    if (withSecret) json->set("secret", endpoint.secret);
    return json;
}

}  // namespace lodestone::ctl
