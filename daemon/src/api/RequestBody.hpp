#pragma once

#include <Poco/JSON/Object.h>
#include <Poco/Net/HTTPServerRequest.h>

#include <string>
#include <string_view>

namespace lodestone::api {

// The JSON object a POST carries. Refuses (ApiError) a Content-Type other than
// application/json (415), a body larger than `maxBytes` (413, found from Content-Length or after
// reading at most maxBytes + 1, never the whole thing), and whatever parseJsonBody refuses (400).
// `raw` receives the bytes read.
Poco::JSON::Object::Ptr readJsonBody(Poco::Net::HTTPServerRequest& request, std::int64_t maxBytes,
                                     std::string& raw);

// readJsonBody's checks and reading without the parsing: the bytes as sent, for a body whose
// signature is checked before anything reads it (a calendar's booking report).
std::string readJsonBodyBytes(Poco::Net::HTTPServerRequest& request, std::int64_t maxBytes);

// The JSON object in a body's bytes, by the rules docs/api.md gives under "Bodies": a leading
// UTF-8 byte order mark is ignored (RFC 8259 §8.1 lets a parser do so); the rest must be
// well-formed UTF-8 and one JSON object, read by domain::parseClientJson (no duplicate keys, no
// control characters but tab, LF and CR in text, bounded depth, keys and array items). Anything
// else is ApiError 400 with a message that names the problem and quotes no raw bytes.
Poco::JSON::Object::Ptr parseJsonBody(std::string_view raw);

}  // namespace lodestone::api
