#pragma once

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "domain/Records.hpp"
#include "domain/WebhookDeliveries.hpp"

namespace lodestone::ctl {

// What a command produced: one JSON object (printed as is with --json) plus how to show it to a
// person otherwise.
struct Result {
    Poco::JSON::Object::Ptr json = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    std::string headline;              // a sentence above the details, may be empty
    std::vector<std::string> columns;  // for lists: the fields of each item shown as a table
    // Human output a command lays out itself, for records the table and the `name  value` lines
    // cannot show well (nested attempts, a payload); replaces both.
    std::string text = {};
    // Things the operator should know although the command succeeded, printed on stderr.
    std::vector<std::string> warnings = {};
    // Output a command writes itself as it goes (an export's file), in place of all but the
    // warnings, --json or not; the store is still open while it runs.
    std::function<void(std::ostream&)> write = {};
};

void print(const Result& result, bool asJson, std::ostream& out);

// A timestamp as human output shows it: UTC ISO 8601.
std::string isoTime(domain::Timestamp at);

// A `list` command's result: {"items": [toJson(record)...]}, shown as a table of `columns`.
template <typename Record, typename ToJson>
Result listResult(const std::vector<Record>& records, ToJson&& toJson,
                  std::vector<std::string> columns) {
    Result result;
    Poco::JSON::Array::Ptr items = new Poco::JSON::Array();
    for (const auto& record : records) items->add(toJson(record));
    result.json->set("items", items);
    result.columns = std::move(columns);
    return result;
}

// The JSON shape of each record, shared by every command that shows it.
Poco::JSON::Object::Ptr toJson(const domain::Organisation& organisation);
Poco::JSON::Object::Ptr toJson(const domain::Project& project, bool withSchema);
// With the secret: also the previous secret and its expiry while it still signs (null after).
Poco::JSON::Object::Ptr toJson(const domain::Campaign& campaign, bool withSecret,
                               domain::Timestamp now);
// Never includes the key or its hash.
Poco::JSON::Object::Ptr toJson(const domain::ApiKey& key, domain::Timestamp now);
// An event endpoint (docs/events.md); its signing secret only with `withSecret`.
Poco::JSON::Object::Ptr toJson(const domain::WebhookEndpoint& endpoint, bool withSecret);

}  // namespace lodestone::ctl
