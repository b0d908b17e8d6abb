#pragma once

#include <Poco/JSON/Object.h>
#include <Poco/Net/HTTPServerRequest.h>

#include <string>

namespace lodestone::api {

// The JSON object a POST carries. Refuses (ApiError) a Content-Type other than
// application/json (415), a body larger than `maxBytes` (413, found from Content-Length or after
// reading at most maxBytes + 1, never the whole thing), and a body that is not JSON or not an
// object (400). `raw` receives the bytes read.
Poco::JSON::Object::Ptr readJsonBody(Poco::Net::HTTPServerRequest& request, std::int64_t maxBytes,
                                     std::string& raw);

}  // namespace lodestone::api
