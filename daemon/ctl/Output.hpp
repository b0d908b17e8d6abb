#pragma once

#include <Poco/JSON/Object.h>

#include <ostream>
#include <string>
#include <vector>

#include "domain/Records.hpp"

namespace lodestone::ctl {

// What a command produced: one JSON object (printed as is with --json) plus how to show it to a
// person otherwise.
struct Result {
    Poco::JSON::Object::Ptr json = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    std::string headline;              // a sentence above the details, may be empty
    std::vector<std::string> columns;  // for lists: the fields of each item shown as a table
};

void print(const Result& result, bool asJson, std::ostream& out);

// The JSON shape of each record, shared by every command that shows it.
Poco::JSON::Object::Ptr toJson(const domain::Organisation& organisation);
Poco::JSON::Object::Ptr toJson(const domain::Project& project, bool withSchema);
Poco::JSON::Object::Ptr toJson(const domain::Campaign& campaign, bool withSecret);
// Never includes the key or its hash.
Poco::JSON::Object::Ptr toJson(const domain::ApiKey& key, domain::Timestamp now);

}  // namespace lodestone::ctl
