#pragma once

#include <Poco/JSON/Array.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "api/ApiRequest.hpp"
#include "storage/PageCursor.hpp"
#include "storage/PageRequest.hpp"

// How every list route pages (docs/api.md, Lists): `?limit=` (1-200, 50 when absent) and
// `?cursor=` (opaque: the `nextCursor` of the page before), newest first.
namespace lodestone::api {

// The page a request asks for, as storage reads it: one row more than the page holds, so the
// answer knows whether another page follows. A bad limit or cursor is a 400 naming it.
storage::PageRequest pageRequested(const ApiRequest& request);

// A 400 naming the query parameter (in invalidFields), as every list route refuses one.
[[noreturn]] void refuseParameter(const std::string& name, const std::string& message);

// {"success": true, <name>: [...], "nextCursor": …}
ApiResponse listAnswer(const std::string& name, const Poco::JSON::Array::Ptr& items,
                       const std::optional<std::string>& nextCursor);

}  // namespace lodestone::api
