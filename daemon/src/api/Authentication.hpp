#pragma once

#include <Poco/Net/HTTPServerRequest.h>

#include "auth/ApiKeyCache.hpp"

namespace lodestone::api {

// The API key of a request's `Authorization: Bearer <key>` header. A missing or malformed header
// and an unknown, revoked or expired key are each a 401 whose message says which, and never
// contains the key.
domain::ApiKey authenticate(const Poco::Net::HTTPServerRequest& request, auth::ApiKeyCache& keys);

}  // namespace lodestone::api
